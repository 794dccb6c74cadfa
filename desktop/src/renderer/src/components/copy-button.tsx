import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './icons';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older engines and insecure origins: fall back to a hidden selection.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/** Copies a text and confirms with a toast (or says it failed). */
export function useCopyText(): (text: string) => Promise<void> {
  const { t } = useTranslation('common');
  return (text) =>
    copyText(text).then(
      () => void toast.success(t('copy.done')),
      () => void toast.error(t('copy.failed')),
    );
}

/** Copies `text` and confirms with a toast; `label` names what is copied for screen readers. */
export function CopyButton({
  text,
  label,
  compact = false,
  icon = 'copy',
}: {
  text: string;
  label: string;
  compact?: boolean;
  icon?: IconName;
}) {
  const { t } = useTranslation('common');
  const copy = useCopyText();
  const onClick = () => void copy(text);
  return compact ? (
    <button type="button" className="icon-btn" onClick={onClick} aria-label={label} title={label}>
      <Icon name={icon} size={16} />
    </button>
  ) : (
    <button type="button" className="btn btn-secondary" onClick={onClick} aria-label={label}>
      <Icon name="copy" size={16} />
      <span>{t('actions.copy')}</span>
    </button>
  );
}
