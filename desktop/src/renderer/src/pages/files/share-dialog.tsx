import { LINK_MAX_SECONDS } from '@cairn/shared';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AccessLink, Upload } from '@cairn/shared/api-types';
import { contentApi } from '../../api/content';
import { CopyButton } from '../../components/copy-button';
import { FormAlert, SelectField, TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { ErrorState, LoadingState } from '../../components/states';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { PrivacyBadge } from './privacy-badge';

/** Expiry choices, in seconds; `custom` takes a number and a unit. */
const PRESETS = [600, 3600, 86_400, 604_800, LINK_MAX_SECONDS] as const;
const UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
type Unit = keyof typeof UNITS;

/**
 * "Share link": makes a signed link to one record (private or public) that opens it in any browser
 * without an account, with an expiry (10 minutes to 30 days, or custom), an optional download name
 * and single use; shows the record's live links, each to copy or revoke.
 */
export function ShareDialog({ upload, onClose }: { upload: Upload; onClose(): void }) {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const language = currentLanguage();
  const [preset, setPreset] = useState<string>('600');
  const [amount, setAmount] = useState('2');
  const [unit, setUnit] = useState<Unit>('hours');
  const [downloadName, setDownloadName] = useState('');
  const [singleUse, setSingleUse] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<AccessLink | null>(null);
  const { state, reload } = useAsync((signal) => contentApi.links(upload.uploadId, signal), [upload.uploadId]);

  const seconds = preset === 'custom' ? Math.round(Number(amount) * UNITS[unit]) : Number(preset);
  const customInvalid = preset === 'custom' && !(Number.isFinite(seconds) && seconds >= 1 && seconds <= LINK_MAX_SECONDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (customInvalid) return;
    setFormError(null);
    setBusy(true);
    try {
      const link = await contentApi.createLink(upload.uploadId, {
        expiresIn: seconds,
        downloadName: downloadName.trim() || null,
        singleUse,
      });
      setCreated(link);
      reload();
    } catch (error) {
      setFormError(errorText(error, 'share.failed'));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (link: AccessLink) => {
    try {
      await contentApi.revokeLink(upload.uploadId, link.id);
      toast.success(t('share.revoked'));
      if (created?.id === link.id) setCreated(null);
      reload();
    } catch (error) {
      toast.error(errorText(error, 'share.revoke_failed'));
    }
  };

  return (
    <Modal title={t('share.title', { name: upload.name })} onClose={busy ? undefined : onClose}>
      <p className="share-privacy">
        <PrivacyBadge upload={upload} />
        <span className="muted">{t(upload.private ? 'share.private_note' : 'share.public_note')}</span>
      </p>
      <form id="share-form" className="form" onSubmit={(event) => void submit(event)} noValidate>
        <SelectField label={t('share.expires')} name="expires" value={preset} onChange={(event) => setPreset(event.target.value)}>
          {PRESETS.map((value) => (
            <option key={value} value={String(value)}>
              {t(`share.preset_${value}`)}
            </option>
          ))}
          <option value="custom">{t('share.custom')}</option>
        </SelectField>
        {preset === 'custom' && (
          <div className="share-custom">
            <TextField
              label={t('share.amount')}
              name="amount"
              type="number"
              min={1}
              inputMode="numeric"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={customInvalid ? { key: 'content:share.custom_invalid' } : undefined}
            />
            <SelectField label={t('share.unit')} name="unit" value={unit} onChange={(event) => setUnit(event.target.value as Unit)}>
              {(Object.keys(UNITS) as Unit[]).map((key) => (
                <option key={key} value={key}>
                  {t(`share.unit_${key}`)}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        <TextField
          label={t('share.download_name')}
          name="downloadName"
          value={downloadName}
          maxLength={255}
          onChange={(event) => setDownloadName(event.target.value)}
          hint={t('share.download_name_hint')}
          autoComplete="off"
          spellCheck={false}
        />
        <label className="checkbox">
          <input type="checkbox" name="singleUse" checked={singleUse} onChange={(event) => setSingleUse(event.target.checked)} />
          <span>{t('share.single_use')}</span>
        </label>
        <FormAlert message={formError} />
        <div className="share-submit">
          <button type="submit" className="btn btn-primary" disabled={busy || customInvalid}>
            {busy ? t('share.creating') : t('share.create')}
          </button>
        </div>
      </form>
      {created && (
        <div className="share-created" role="status">
          <label htmlFor="share-url">{t('share.created')}</label>
          <div className="share-url-row">
            <input id="share-url" className="share-url" readOnly value={created.url} onFocus={(event) => event.target.select()} />
            <CopyButton text={created.url} label={t('share.copy')} />
          </div>
        </div>
      )}
      <section className="share-links" aria-labelledby="share-links-title">
        <h3 id="share-links-title">{t('share.live_links')}</h3>
        {state.status === 'loading' && <LoadingState />}
        {state.status === 'error' && <ErrorState message={errorText(state.error, 'share.load_failed')} onRetry={reload} />}
        {state.status === 'ready' && state.data.links.length === 0 && <p className="muted">{t('share.no_links')}</p>}
        {state.status === 'ready' && state.data.links.length > 0 && (
          <ul className="share-link-list">
            {state.data.links.map((link) => (
              <li key={link.id} data-link-id={link.id}>
                <span className="share-link-facts">
                  <span>{t('share.expires_at', { date: formatDateTime(link.expiresAt, language) })}</span>
                  {link.singleUse && <span className="badge">{t('share.single_use_badge')}</span>}
                  {link.downloadName && <span className="muted">{t('share.downloads_as', { name: link.downloadName })}</span>}
                </span>
                <span className="share-link-actions">
                  <CopyButton text={link.url} label={t('share.copy')} compact icon="link" />
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => void revoke(link)}>
                    {t('share.revoke')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Modal>
  );
}
