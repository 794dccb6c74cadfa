import { isCidSyntax, pinSchema, type PinInput } from '@cairn/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/field';
import { Icon } from '../../components/icons';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';

const EMPTY = { cid: '', originalName: '', customName: '' };

interface PinFormProps {
  busy: boolean;
  onSubmit(input: PinInput): void;
  /** The form refused its input: an earlier pin's error no longer applies. */
  onInvalid(): void;
}

/** CID (required, written like a CID), original and custom name (optional), checked with the shared validation. */
export function PinForm({ busy, onSubmit, onInvalid }: PinFormProps) {
  const { t } = useTranslation('content');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = pinSchema.safeParse(values);
    const found = parsed.success ? {} : fieldErrors(parsed.error, values);
    // The spec's own words for a missing CID, and which characters a name may use.
    if (found.cid?.key === 'validation.required') found.cid = { key: 'content:pin.cid_required' };
    else if (values.cid.trim() && !isCidSyntax(values.cid)) found.cid = { key: 'content:errors.invalid_cid' };
    if (found.customName?.key === 'validation.invalid') found.customName = { key: 'content:rename.invalid_chars' };
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      onInvalid();
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('pin.form_label')}>
      <TextField
        label={t('pin.cid')}
        name="cid"
        value={values.cid}
        onChange={set('cid')}
        error={errors.cid}
        placeholder={t('pin.cid_placeholder')}
        autoComplete="off"
        spellCheck={false}
        className="mono-input"
      />
      <div className="form-row">
        <TextField
          label={t('pin.original_name')}
          name="originalName"
          value={values.originalName}
          onChange={set('originalName')}
          error={errors.originalName}
          hint={t('pin.original_name_hint')}
          autoComplete="off"
        />
        <TextField
          label={t('pin.custom_name')}
          name="customName"
          value={values.customName}
          onChange={set('customName')}
          error={errors.customName}
          hint={t('pin.custom_name_hint')}
          autoComplete="off"
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          <Icon name="pin" size={16} />
          <span>{busy ? t('pin.pinning') : t('pin.submit')}</span>
        </button>
      </div>
    </form>
  );
}
