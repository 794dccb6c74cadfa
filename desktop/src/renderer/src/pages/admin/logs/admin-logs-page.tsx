import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '@cairn/shared/api-types';
import { adminApi } from '../../../api/admin';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime, formatShortDateTime } from '../../../lib/format';
import { AdminTable } from '../list/admin-table';
import { ListView } from '../list/list-view';
import { useAdminList } from '../list/use-admin-list';
import { logDetails } from './log-actions';
import { LOG_FILTERS, LogFilters, type LogFilterValues } from './log-filters';
import { PruneDialog } from './prune-dialog';
import { EmailText } from '../../../components/email-text';

/** /admin/logs: the audit log with filters, pages and pruning. */
export function AdminLogsPage() {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const list = useAdminList((query, signal) => {
    const { type, action, userId, user, from, to } = query.filters;
    return adminApi.logs(
      {
        page: query.page,
        limit: query.limit,
        type: (type || undefined) as LogEntry['type'] | undefined,
        action: action || undefined,
        userId: userId || undefined,
        user: user || undefined,
        from: from || undefined,
        to: to || undefined,
      },
      signal,
    );
  }, LOG_FILTERS);
  const [pruning, setPruning] = useState(false);

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
        <LogFilters value={list.query.filters as LogFilterValues} onApply={(next) => list.update(next)} />
      </section>
      <ListView
        list={list}
        label={t('logs.title')}
        items={list.data?.logs ?? null}
        errorKey="errors.logs_load"
        emptyTitle={t('logs.empty')}
        emptyIcon="docs"
      >
        {(logs) => (
          <AdminTable caption={t('logs.title')} columns={['date', 'type', 'action', 'user', 'ip', 'details']} className="logs-table">
            {logs.map((entry) => (
              <tr key={entry.id} data-log-action={entry.action}>
                <td data-label={t('columns.date')} className="nowrap">
                  <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt, language)}>
                    {formatShortDateTime(entry.createdAt, language)}
                  </time>
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
                      onClick={() => list.update({ userId: entry.userId!, user: '' })}
                      aria-label={t('logs.only_user', { email: entry.userEmail ?? entry.userId })}
                    >
                      {entry.userEmail ? <EmailText email={entry.userEmail} /> : entry.userId}
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
          </AdminTable>
        )}
      </ListView>
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
