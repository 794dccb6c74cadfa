import { domainCreateSchema, HOSTNAME_MAX } from '@cairn/shared';
import type { Domain, Name } from '@cairn/shared/api-types';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { domainsApi } from '../../api/domains';
import { FormAlert, SelectField, TextField } from '../../components/field';
import { FormDialogActions } from '../../components/form-dialog-actions';
import { Modal } from '../../components/modal';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { domainTarget, nameTarget } from '../../lib/domain-links';
import { fieldErrors, serverFieldErrors, type FieldErrors } from '../../lib/form-errors';
import { DomainRecordDialog } from './domain-record';

/** The target choice that is typed in rather than one of the names (never a target: those start with a slash). */
const TYPED = 'typed';
const FIELDS = ['hostname', 'target'];

/** A malformed field says what a good value looks like, in the dialog's words. */
function withHints(errors: FieldErrors): FieldErrors {
  const hinted = { ...errors };
  if (hinted.hostname?.key === 'validation.invalid') hinted.hostname = { key: 'names:domains.hostname_invalid' };
  if (hinted.target?.key === 'validation.invalid') hinted.target = { key: 'names:domains.target_invalid' };
  return hinted;
}

/**
 * Adds a custom domain serving one of the account's names (`/ipns/<name>`, `target` when opened
 * from a name) or a CID or `/ipfs/` path typed in; then shows the DNS record to create.
 */
export function DomainAddDialog({
  names,
  target,
  onClose,
  onAdded,
}: {
  names: Name[];
  target?: string;
  onClose(): void;
  onAdded(domain: Domain): void;
}) {
  const { t } = useTranslation('names');
  const errorText = useAreaErrorText('names');
  const formId = useId();
  const [hostname, setHostname] = useState('');
  const [choice, setChoice] = useState(target ?? (names[0] ? nameTarget(names[0].name) : TYPED));
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<Domain | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = { hostname, target: choice === TYPED ? domainTarget(typed) : choice };
    const parsed = domainCreateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(withHints(fieldErrors(parsed.error, input)));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const domain = await domainsApi.create(parsed.data);
      onAdded(domain);
      setAdded(domain);
      toast.success(t('domains.added', { hostname: domain.hostname }));
    } catch (error) {
      const onFields = serverFieldErrors(error, FIELDS);
      if (onFields) setErrors(withHints(onFields));
      else setFormError(errorText(error, 'domains.errors.add'));
    } finally {
      setBusy(false);
    }
  };

  if (added) return <DomainRecordDialog domain={added} onClose={onClose} />;

  return (
    <Modal
      title={t('domains.add_title')}
      onClose={busy ? undefined : onClose}
      initialFocus="input[name=hostname]"
      footer={<FormDialogActions formId={formId} busy={busy} onCancel={onClose} submitLabel={t('domains.add')} />}
    >
      <form id={formId} className="form" onSubmit={(event) => void submit(event)} noValidate data-domain-add>
        <TextField
          label={t('domains.hostname')}
          name="hostname"
          value={hostname}
          onChange={(event) => setHostname(event.target.value)}
          error={errors.hostname}
          hint={t('domains.hostname_hint')}
          placeholder={t('domains.hostname_placeholder')}
          maxLength={HOSTNAME_MAX}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
        />
        <SelectField
          label={t('domains.target')}
          name="choice"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          error={choice === TYPED ? undefined : errors.target}
        >
          {names.map((name) => (
            <option key={name.id} value={nameTarget(name.name)}>
              {name.label}
            </option>
          ))}
          <option value={TYPED}>{t('domains.target_typed')}</option>
        </SelectField>
        {choice === TYPED && (
          <TextField
            label={t('domains.target_cid')}
            name="target"
            className="mono"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={errors.target}
            hint={t('domains.target_cid_hint')}
            autoComplete="off"
            spellCheck={false}
          />
        )}
        <FormAlert message={formError} />
      </form>
    </Modal>
  );
}
