import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './icons';

/** The three states every screen has besides its content: loading, empty, error. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('states.loading')}</span>
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
