import { useTranslation } from 'react-i18next';
import { ContentError } from '../../components/content-error';
import { PageHeader } from '../../components/page-header';
import { PinForm } from './pin-form';
import { PinResult } from './pin-result';
import { PinStatus } from './pin-status';
import { usePin } from './use-pin';

/** Pin content already on IPFS by its CID; follows the pin job until it is pinned or fails. */
export function PinPage() {
  const { t } = useTranslation('content');
  const { phase, pin, reset } = usePin();

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
        <PinForm busy={phase.status === 'working'} onSubmit={(input) => void pin(input)} onInvalid={reset} />
        {phase.status === 'working' && <PinStatus job={phase.job} />}
        {phase.status === 'error' && <ContentError error={phase.error} fallbackKey="errors.pin_failed" data-pin-error />}
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
