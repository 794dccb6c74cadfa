import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import type { LogType } from '../../../api/admin-types';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
import { ListView } from '../list/list-view';
import { useAdminList } from '../list/use-admin-list';
import { logDetails } from './log-actions';
import { LOG_FILTERS, LogFilters, type LogFilterValues } from './log-filters';
import { PruneDialog } from './prune-dialog';

/** /admin/logs: the audit log with filters, pages and pruning. */
export function AdminLogsPage() {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const list = useAdminList((query, signal) => {
    const { type, action, userId, from, to } = query.filters;
    return adminApi.logs(
      {
        page: query.page,
        limit: query.limit,
        type: (type || undefined) as LogType | undefined,
        action: action || undefined,
        userId: userId || undefined,
        from: from || undefined,
        to: to || undefined,
      },
      signal,
    );
  }, LOG_FILTERS);
  const [pruning, setPruning] = useState(false);
  const filters = list.query.filters as LogFilterValues;

  return (
    <div className="page">
      <PageHeader
        title={t('logs.title')}
        description={t('logs.description')}
        actions={
          <button type="button" className="btn btn-danger-ghost" onClick={() => setPruning(true)}>
            {t('logs.prune')}
          </button>
        }
      />
      <section className="card" aria-label={t('logs.filters')}>
        <LogFilters value={filters} onApply={(next) => list.update(next)} />
      </section>
      <section className="card admin-list" aria-label={t('logs.title')}>
        <ListView
          {...list}
          items={list.data?.logs ?? null}
          total={list.data?.total ?? 0}
          errorKey="errors.logs_load"
          emptyTitle={Object.values(filters).some(Boolean) ? t('list.no_match') : t('logs.empty')}
          emptyIcon="docs"
        >
          {(logs) => (
            <table className="table admin-table logs-table">
              <caption className="visually-hidden">{t('logs.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.date')}</th>
                  <th scope="col">{t('columns.type')}</th>
                  <th scope="col">{t('columns.action')}</th>
                  <th scope="col">{t('columns.user')}</th>
                  <th scope="col">{t('columns.ip')}</th>
                  <th scope="col">{t('columns.details')}</th>
                </tr>
              </thead>
              <tbody>
                {logs.map((entry) => (
                  <tr key={entry.id} data-log-action={entry.action}>
                    <td data-label={t('columns.date')} className="nowrap">
                      {formatDateTime(entry.createdAt, language)}
                    </td>
                    <td data-label={t('columns.type')}>
                      <span className={`badge badge-log-${entry.type}`}>{t(`logs.type_${entry.type}`)}</span>
                    </td>
                    <td data-label={t('columns.action')}>{t(`logs.action_${entry.action}`, { defaultValue: entry.action })}</td>
                    <td data-label={t('columns.user')}>
                      {entry.userId ? (
                        <button
                          type="button"
                          className="link-btn inline"
                          onClick={() => list.update({ userId: entry.userId! })}
                          aria-label={t('logs.only_user', { email: entry.userEmail ?? entry.userId })}
                        >
                          {entry.userEmail ?? entry.userId}
                        </button>
                      ) : (
                        <span className="muted">{entry.userEmail ?? t('logs.no_user')}</span>
                      )}
                    </td>
                    <td data-label={t('columns.ip')}>{entry.ip ? <code>{entry.ip}</code> : ''}</td>
                    <td data-label={t('columns.details')} className="cell-details">
                      {logDetails(entry.message)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </ListView>
      </section>
      {pruning && (
        <PruneDialog
          onClose={() => setPruning(false)}
          onPruned={(removed) => {
            setPruning(false);
            toast.success(t('logs.pruned', { count: removed }));
            list.reload();
          }}
        />
      )}
    </div>
  );
}
