import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { contentApi } from '../../api/content';
import { Icon } from '../../components/icons';
import { useAsync } from '../../hooks/use-async';

/**
 * Said before anything is chosen: an account already at its limit cannot store more, so it gets
 * the ways out (free space, a bigger plan) instead of an upload that fails at the end.
 */
export function QuotaNotice() {
  const { t } = useTranslation('content');
  const { state } = useAsync((signal) => contentApi.usage(signal), []);
  if (state.status !== 'ready' || !state.data.limitReached) return null;
  return (
    <div className="alert alert-warning" role="status" data-quota-full>
      <Icon name="alert" size={16} />
      <div className="alert-body">
        <p>{t('upload.quota_full')}</p>
        <p className="alert-links">
          <Link to="/files">{t('common:nav.files')}</Link>
          <Link to="/plans">{t('common:nav.plans')}</Link>
        </p>
      </div>
    </div>
  );
}
