import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { contentApi } from '../../api/content';
import { Icon } from '../../components/icons';
import { useAreaErrorText } from '../../hooks/use-area-error-text';

/** A record's key-values: each removable, and a new key set (or an existing one replaced). */
export function MetaEditor({ uploadId, meta, onChanged }: { uploadId: string; meta: Record<string, string>; onChanged(): void }) {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async (changes: Record<string, string | null>) => {
    setBusy(true);
    try {
      await contentApi.setMeta(uploadId, changes);
      toast.success(t('meta.saved'));
      setKey('');
      setValue('');
      onChanged();
    } catch (error) {
      toast.error(errorText(error, 'meta.save_failed'));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim()) void save({ [key.trim()]: value });
  };

  return (
    <div className="meta-editor" data-meta-editor>
      {Object.keys(meta).length > 0 && (
        <ul className="meta-list">
          {Object.entries(meta).map(([name, text]) => (
            <li key={name}>
              <code>{name}</code> = <span>{text}</span>
              <button
                type="button"
                className="icon-btn"
                onClick={() => void save({ [name]: null })}
                disabled={busy}
                aria-label={t('meta.remove', { key: name })}
              >
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="meta-form" onSubmit={submit}>
        <input
          value={key}
          onChange={(event) => setKey(event.target.value)}
          aria-label={t('meta.key')}
          placeholder={t('meta.key')}
          maxLength={64}
        />
        <input
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-label={t('meta.value')}
          placeholder={t('meta.value')}
        />
        <button type="submit" className="btn btn-secondary btn-small" disabled={busy || !key.trim()}>
          {t('meta.set')}
        </button>
      </form>
    </div>
  );
}
