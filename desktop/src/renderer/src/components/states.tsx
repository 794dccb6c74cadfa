import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './icons';

/**
 * The three states every screen has besides its content: loading, empty, error. Loading is a
 * skeleton of lines where the content will be, so that the page does not jump when it comes; a
 * screen reader hears the label.
 */
export function LoadingState({ label, lines = 3 }: { label?: string; lines?: number }) {
  const { t } = useTranslation('common');
  return (
    <div className="state-loading skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label ?? t('states.loading')}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

export function EmptyState({
  title,
  message,
  icon = 'inbox',
  children,
}: {
  title: string;
  message?: string;
  icon?: IconName;
  children?: React.ReactNode;
}) {
  return (
    <div className="state state-empty">
      <span className="state-icon">
        <Icon name={icon} size={22} />
      </span>
      <p className="state-title">{title}</p>
      {message && <p className="state-message">{message}</p>}
      {children}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="state state-error" role="alert">
      <span className="state-icon">
        <Icon name="alert" size={22} />
      </span>
      <p className="state-title">{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {t('actions.retry')}
        </button>
      )}
    </div>
  );
}
