import { useTranslation } from 'react-i18next';
import type { TransferItem } from '../../../../shared/desktop-bridge';
import { Icon } from '../../components/icons';
import { ProgressBar } from '../../components/progress-bar';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { useAppStore } from '../../store/app-store';

const TONE = { done: 'success', failed: 'danger', paused: 'warning', queued: 'accent', running: 'accent' } as const;

/** One queued file or folder: its progress, its state and what can be done with it. */
export function TransferRow({ item }: { item: TransferItem }) {
  const { t } = useTranslation('desktop');
  const act = useAppStore((state) => state.transferAction);
  const language = currentLanguage();
  const share = item.size > 0 ? item.sentBytes / item.size : item.status === 'done' ? 1 : 0;
  const button = (action: 'pause' | 'resume' | 'retry' | 'cancel', icon: 'clock' | 'upload' | 'check' | 'close') => (
    <button
      type="button"
      className="btn btn-ghost btn-small"
      onClick={() => void act(action, item.id)}
      aria-label={t(`transfers.item_${action}`, { name: item.name })}
    >
      <Icon name={icon} size={14} />
      <span>{t(`transfers.${action}`)}</span>
    </button>
  );
  return (
    <li className={`transfer-row transfer-${item.status}`} data-transfer={item.status}>
      <div className="transfer-head">
        <Icon name={item.kind === 'folder' ? 'folder' : 'file'} size={16} />
        <span className="transfer-name">{item.name}</span>
        <span className="badge">{t(`status.${item.status}`)}</span>
        <span className="muted">{formatBytes(item.size, language)}</span>
      </div>
      <ProgressBar value={share} tone={TONE[item.status]} label={t('transfers.item_progress', { name: item.name })} />
      {item.error && item.status !== 'done' && <p className="field-error">{item.error.message}</p>}
      {item.status === 'done' && item.cid && (
        <p className="muted mono">{item.duplicate ? t('transfers.already_stored', { cid: item.cid }) : item.cid}</p>
      )}
      <div className="cell-actions">
        {(item.status === 'queued' || item.status === 'running') && button('pause', 'clock')}
        {item.status === 'paused' && button('resume', 'upload')}
        {item.status === 'failed' && button('retry', 'check')}
        {item.status !== 'done' && button('cancel', 'close')}
      </div>
    </li>
  );
}
