import { useTranslation } from 'react-i18next';
import { bandwidthApi } from '../../api/bandwidth';
import { useAsync } from '../../hooks/use-async';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { ErrorState, LoadingState } from '../states';
import { BandwidthChart } from './bandwidth-chart';

/** One file's gateway bandwidth this month, a bar per day. */
export function FileBandwidth({ uploadId }: { uploadId: string }) {
  const { t } = useTranslation('bandwidth');
  const language = currentLanguage();
  const { state, reload } = useAsync((signal) => bandwidthApi.record(uploadId, signal), [uploadId]);
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') return <ErrorState message={t('load_error')} onRetry={reload} />;
  return (
    <section data-file-bandwidth>
      <p>
        {t('file_total', { total: formatBytes(state.data.bytes, language) })}{' '}
        <span className="muted">· {t('requests', { count: state.data.requests })}</span>
      </p>
      <BandwidthChart days={state.data.days} title={t('file_title')} height={160} />
    </section>
  );
}
