import { CONTENT_JOB_STATUSES, type ContentJobStatus } from '@cairn/shared';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminContentJob } from '@cairn/shared/api-types';
import { adminApi } from '../../../api/admin';
import { SelectField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
import { AdminTable } from '../list/admin-table';
import { ListView } from '../list/list-view';
import { useAdminAction } from '../list/use-admin-action';
import { useAdminList } from '../list/use-admin-list';
import { EngineGcPanel } from './engine-gc-panel';

const FILTERS = ['status'] as const;
const BADGES: Record<ContentJobStatus, string> = { pending: 'badge-warning', running: 'badge-info', failed: 'badge-revoked' };

/**
 * /admin/content-jobs: the content engine's outbox (releases of CIDs nothing references), for
 * operators: what waits or retries, what gave up and why, and a retry.
 */
export function AdminContentJobsPage() {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const list = useAdminList(
    (query, signal) =>
      adminApi.contentJobs(
        { page: query.page, limit: query.limit, status: (query.filters.status || undefined) as ContentJobStatus | undefined },
        signal,
      ),
    FILTERS,
  );
  const action = useAdminAction();

  const retry = (job: AdminContentJob) =>
    action.run(job.id, 'errors.content_job_retry', async () => {
      const outcome = await adminApi.retryContentJob(job.id);
      if (outcome.done) toast.success(t('content_jobs.retried_done', { cid: job.cid }));
      else if (outcome.job?.waitsForUpload) toast(t('content_jobs.retried_waiting', { cid: job.cid }));
      else toast.error(t('content_jobs.retried_failed', { cid: job.cid }));
      list.reload();
    });

  return (
    <div className="page">
      <PageHeader title={t('content_jobs.title')} description={t('content_jobs.description')} />
      <section className="card" aria-label={t('content_jobs.filters')}>
        <div className="list-toolbar">
          <SelectField
            label={t('content_jobs.status')}
            name="status"
            value={list.query.filters.status ?? ''}
            onChange={(event) => list.update({ status: event.target.value })}
          >
            <option value="">{t('content_jobs.any_status')}</option>
            {CONTENT_JOB_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`content_jobs.status_${status}`)}
              </option>
            ))}
          </SelectField>
        </div>
      </section>
      <ListView
        list={list}
        label={t('content_jobs.title')}
        items={list.data?.jobs ?? null}
        errorKey="errors.content_jobs_load"
        emptyTitle={t('content_jobs.empty')}
        emptyIcon="inbox"
      >
        {(jobs) => (
          <AdminTable
            caption={t('content_jobs.title')}
            columns={['cid', 'kind', 'status', 'attempts', 'last_error', 'next_run']}
            className="content-jobs-table"
            actions
          >
            {jobs.map((job) => (
              <tr key={job.id} data-job-id={job.id}>
                <td data-label={t('columns.cid')}>
                  <span className="cid-cell">
                    <code title={job.cid}>{job.cid}</code>
                  </span>
                </td>
                <td data-label={t('columns.kind')}>{t(`content_jobs.kind_${job.kind}`)}</td>
                <td data-label={t('columns.status')}>
                  <span className={`badge ${BADGES[job.status]}`}>{t(`content_jobs.status_${job.status}`)}</span>
                </td>
                <td data-label={t('columns.attempts')}>{job.attempts}</td>
                <td data-label={t('columns.last_error')}>
                  {job.lastError ? (
                    <code className="cell-wrap">{job.lastError}</code>
                  ) : (
                    <span className="muted">{t('content_jobs.no_error')}</span>
                  )}
                </td>
                <td data-label={t('columns.next_run')}>
                  {job.waitsForUpload
                    ? t('content_jobs.waits_for_upload')
                    : job.runAfter
                      ? formatDateTime(job.runAfter, language)
                      : t('content_jobs.never_on_its_own')}
                </td>
                <td className="cell-actions">
                  {job.status !== 'running' && (
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      onClick={() => void retry(job)}
                      disabled={action.busy === job.id}
                      aria-label={t('content_jobs.retry_named', { cid: job.cid })}
                    >
                      {t('content_jobs.retry')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </ListView>
      <EngineGcPanel />
    </div>
  );
}
