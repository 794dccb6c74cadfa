import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { contentApi } from '../../api/content';
import { ShortCid } from '../../components/short-cid';
import { useAsync } from '../../hooks/use-async';
import { FILE_LIST_EVENTS, useLiveRefresh } from '../../hooks/use-live-events';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { formatBytes } from '../../lib/units';
import { fileLink } from '../files/files-view';
import { NoFilesYet } from '../files/no-files-yet';
import { DashboardCard } from './dashboard-card';
import { TableWrap } from '../../components/table-wrap';

const RECENT = 5;

/** The last five records (file, CID, size, date), each a link to its row in My files, and a link to all of them. */
export function RecentUploads() {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const { state, reload, refresh } = useAsync((signal) => contentApi.list({ page: 1, limit: RECENT }, signal), []);
  useLiveRefresh(FILE_LIST_EVENTS, refresh);
  return (
    <DashboardCard
      titleId="recent-title"
      title={t('dashboard.recent_title')}
      to="/files"
      linkLabel={t('dashboard.see_all')}
      state={state}
      reload={reload}
      errorKey="errors.files_load"
      data-recent-uploads
    >
      {({ files }) =>
        files.length === 0 ? (
          <NoFilesYet />
        ) : (
          <TableWrap>
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
                {files.map((upload) => (
                  <tr key={upload.uploadId}>
                    <td data-label={t('fields.file')} className="cell-name">
                      <Link to={fileLink(upload.cid)} className="file-name-text" title={upload.name}>
                        {upload.name}
                      </Link>
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
          </TableWrap>
        )
      }
    </DashboardCard>
  );
}
