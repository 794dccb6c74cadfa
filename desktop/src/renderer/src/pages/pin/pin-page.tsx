import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { ApiError } from '../../lib/api-client';
import { PinForm } from './pin-form';
import { PinResult } from './pin-result';
import { PinStatus } from './pin-status';
import { usePin } from './use-pin';

/** Pin content already on IPFS by its CID; follows the pin job until it is pinned or fails. */
export function PinPage() {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const { phase, pin } = usePin();
  const quota = phase.status === 'error' && phase.error instanceof ApiError && phase.error.code === 'quota_exceeded';

  return (
    <div className="page">
      <PageHeader title={t('common:screens.pin.title')} description={t('common:screens.pin.description')} />
      <section className="card" aria-labelledby="pin-form-title">
        <div className="card-header">
          <div>
            <h2 id="pin-form-title">{t('pin.form_title')}</h2>
            <p className="card-description">{t('pin.form_description')}</p>
          </div>
        </div>
        <PinForm busy={phase.status === 'working'} onSubmit={(input) => void pin(input)} />
        {phase.status === 'working' && <PinStatus job={phase.job} />}
        {phase.status === 'error' && (
          <div className="alert alert-error" role="alert" data-pin-error>
            <Icon name="alert" size={16} />
            <div className="alert-body">
              <p>{errorText(phase.error, 'errors.pin_failed')}</p>
              {quota && (
                <p className="alert-links">
                  <Link to="/usage">{t('usage.see_usage')}</Link>
                  <Link to="/plans">{t('usage.upgrade')}</Link>
                </p>
              )}
            </div>
          </div>
        )}
      </section>
      {phase.status === 'pinned' &&
        (phase.job.upload ? (
          <PinResult upload={phase.job.upload} />
        ) : (
          <p className="alert alert-info" role="status">
            {t('pin.pinned_removed')}
          </p>
        ))}
    </div>
  );
}
