import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { contentApi } from '../../api/content';
import { ErrorState, LoadingState } from '../../components/states';
import { ShortCid } from '../../components/short-cid';
import { useAreaErrorText } from '../../hooks/use-area-error-text';
import { useAsync } from '../../hooks/use-async';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { NoFilesYet } from '../files/no-files-yet';

const RECENT = 5;

/** The last five records (file, CID, size, date), with a link to My files. */
export function RecentUploads() {
  const { t } = useTranslation('content');
  const errorText = useAreaErrorText('content');
  const language = currentLanguage();
  const { state, reload } = useAsync((signal) => contentApi.list({ page: 1, limit: RECENT }, signal), []);
  return (
    <section className="card" aria-labelledby="recent-title" data-recent-uploads>
      <div className="card-header">
        <h2 id="recent-title">{t('dashboard.recent_title')}</h2>
        <Link to="/files" className="card-link">
          {t('dashboard.see_all')}
        </Link>
      </div>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.files_load')} onRetry={reload} />}
      {state.status === 'ready' && state.data.files.length === 0 && <NoFilesYet />}
      {state.status === 'ready' && state.data.files.length > 0 && (
        <div className="table-wrap">
          <table className="table recent-table">
            <caption className="visually-hidden">{t('dashboard.recent_title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fields.file')}</th>
                <th scope="col">{t('fields.cid')}</th>
                <th scope="col">{t('fields.size')}</th>
                <th scope="col">{t('fields.date')}</th>
              </tr>
            </thead>
            <tbody>
              {state.data.files.map((upload) => (
                <tr key={upload.uploadId}>
                  <td data-label={t('fields.file')} className="cell-name">
                    <span className="file-name-text" title={upload.name}>
                      {upload.name}
                    </span>
                  </td>
                  <td data-label={t('fields.cid')}>
                    <ShortCid cid={upload.cid} name={upload.name} />
                  </td>
                  <td data-label={t('fields.size')} className="cell-number">
                    {formatBytes(upload.size, language)}
                  </td>
                  <td data-label={t('fields.date')} className="cell-date">
                    {formatDate(upload.createdAt, language)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
