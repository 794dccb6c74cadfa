import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons';

/** The ways to more room: delete files, or a bigger plan. */
export function RoomLinks() {
  const { t } = useTranslation('content');
  return (
    <p className="alert-links">
      <Link to="/files">{t('usage.manage_files')}</Link>
      <Link to="/plans">{t('usage.upgrade')}</Link>
    </p>
  );
}

/** The storage limit is reached: delete files or upgrade (spec section 8). */
export function LimitWarning() {
  const { t } = useTranslation('content');
  return (
    <div className="alert alert-warning" role="alert" data-limit-reached>
      <Icon name="alert" size={16} />
      <div className="alert-body">
        <p className="alert-title">{t('usage.limit_reached_title')}</p>
        <p>{t('usage.limit_reached')}</p>
        <RoomLinks />
      </div>
    </div>
  );
}
