import { nameCreateSchema } from '@cairn/shared';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { namesApi } from '../../api/names';
import { FormAlert, SelectField, TextField } from '../../components/field';
import { FormDialogActions } from '../../components/form-dialog-actions';
import { Modal } from '../../components/modal';
import { ErrorState, LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { shortValue } from '../../lib/name-links';

/** The choice that makes a new name rather than pick one (never a name's id, which is a UUID). */
const NEW = 'new';

/**
 * Publishes `value` (a record's CID, or a folder under it) to one of the account's names, or to a
 * new one made here with its label. From My files and the DAG viewer.
 */
export function PublishToNameDialog({ item, value, onClose }: { item: string; value: string; onClose(): void }) {
  const { t } = useTranslation('names');
  const errorText = useAreaErrorText('names');
  const formId = useId();
  const { state, reload } = useAsync((signal) => namesApi.list(signal).then((body) => body.names), []);
  const [choice, setChoice] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = state.status === 'ready' ? state.data : [];
  // The first name until the user picks: most accounts publish to one site.
  const chosen = choice ?? names[0]?.id ?? NEW;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    let target = names.find((name) => name.id === chosen);
    if (!target) {
      const parsed = nameCreateSchema.safeParse({ label });
      if (!parsed.success) {
        setErrors(fieldErrors(parsed.error, { label }));
        return;
      }
      setErrors({});
    }
    setBusy(true);
    try {
      target ??= await namesApi.create(nameCreateSchema.parse({ label }));
      // A name made here stays chosen if publishing then fails, so a retry does not make another.
      setChoice(target.id);
      const published = await namesApi.publish(target.id, { value });
      toast.success(t('published', { label: published.label, value: shortValue(value) }));
      onClose();
    } catch (error) {
      setFormError(errorText(error, 'errors.publish'));
      reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('choose_title', { item })}
      onClose={busy ? undefined : onClose}
      footer={
        <FormDialogActions
          formId={formId}
          busy={busy}
          onCancel={onClose}
          submitLabel={t('publish')}
          blocked={state.status !== 'ready' || (chosen === NEW && !label.trim())}
        />
      }
    >
      <form id={formId} className="form" onSubmit={(event) => void submit(event)} noValidate data-publish-to-name>
        <dl className="facts">
          <dt>{t('choose_value')}</dt>
          <dd>
            <code data-value>{value}</code>
          </dd>
        </dl>
        {state.status === 'loading' && <LoadingState />}
        {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.load')} onRetry={reload} />}
        {state.status === 'ready' && (
          <>
            {names.length > 0 ? (
              <SelectField label={t('choose_name')} name="name" value={chosen} onChange={(event) => setChoice(event.target.value)}>
                {names.map((name) => (
                  <option key={name.id} value={name.id}>
                    {name.label}
                  </option>
                ))}
                <option value={NEW}>{t('choose_new')}</option>
              </SelectField>
            ) : (
              <p className="muted">{t('choose_none')}</p>
            )}
            {chosen === NEW && (
              <TextField
                label={t('new_label')}
                name="label"
                value={label}
                onChange={(event) => setLabel(event.target.value)}
                error={errors.label}
                maxLength={100}
                autoComplete="off"
              />
            )}
          </>
        )}
        <FormAlert message={formError} />
      </form>
    </Modal>
  );
}
