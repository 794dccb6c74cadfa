import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopover } from '../../hooks/use-popover';
import { Icon } from '../icons';

/** Notifications are still in development: the panel says so; no unread mark, as there is nothing to read. */
export function NotificationsMenu({ withLabel = false }: { withLabel?: boolean }) {
  const { t } = useTranslation('common');
  const { open, toggle, ref } = usePopover();
  const panelId = useId();
  return (
    <div className="popover-anchor" ref={ref}>
      <button
        type="button"
        className={withLabel ? 'menu-item' : 'icon-btn'}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={withLabel ? undefined : t('notifications.title')}
        title={withLabel ? undefined : t('notifications.title')}
        onClick={toggle}
      >
        <Icon name="bell" />
        {withLabel && <span>{t('notifications.title')}</span>}
      </button>
      {open && (
        <div
          id={panelId}
          className={`popover notifications${withLabel ? ' inline' : ''}`}
          role="region"
          aria-label={t('notifications.title')}
        >
          <div className="popover-header">
            <strong>{t('notifications.title')}</strong>
            <span className="badge badge-warning">{t('notifications.in_development')}</span>
          </div>
          <p className="popover-empty">{t('notifications.empty')}</p>
        </div>
      )}
    </div>
  );
}
