import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TextField } from '../../components/field';
import { dagPath } from '../../lib/content-links';
import type { FieldErrors } from '../../lib/form-errors';

/** Opens the viewer on a CID typed in. */
export function DagLookup({ initial = '' }: { initial?: string }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const [cid, setCid] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = cid.trim();
    if (!value) {
      setErrors({ cid: { key: 'content:pin.cid_required' } });
      return;
    }
    setErrors({});
    navigate(dagPath(value));
  };
  return (
    <form className="dag-lookup" onSubmit={submit} noValidate aria-label={t('dag.lookup_label')}>
      <TextField
        label={t('dag.lookup')}
        name="cid"
        value={cid}
        onChange={(event) => setCid(event.target.value)}
        error={errors.cid}
        placeholder={t('pin.cid_placeholder')}
        autoComplete="off"
        spellCheck={false}
      />
      <button type="submit" className="btn btn-primary">
        {t('dag.open')}
      </button>
    </form>
  );
}
