import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminEngineGc, AdminEngineGcRun } from '@cairn/shared/api-types';
import { adminApi } from '../../../api/admin';
import { ErrorState, LoadingState } from '../../../components/states';
import { TableWrap } from '../../../components/table-wrap';
import { useAreaErrorText } from '../../../hooks/use-area-error-text';
import { useAsync } from '../../../hooks/use-async';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/units';
import { useAdminAction } from '../list/use-admin-action';

const BADGES: Record<AdminEngineGcRun['status'], string> = {
  running: 'badge-info',
  done: 'badge-active',
  busy: 'badge-warning',
  failed: 'badge-revoked',
};
/** How often the panel looks again while a collection runs. */
const POLL_MS = 2_000;

function RunsTable({ runs }: { runs: AdminEngineGcRun[] }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  return (
    <TableWrap>
      <table className="table admin-table engine-gc-table">
        <caption className="visually-hidden">{t('engine_gc.runs')}</caption>
        <thead>
          <tr>
            {(['started', 'trigger', 'status', 'blocks_removed', 'finished', 'details'] as const).map((column) => (
              <th key={column} scope="col">
                {t(`columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} data-run-id={run.id}>
              <td data-label={t('columns.started')}>{formatDateTime(run.startedAt, language)}</td>
              <td data-label={t('columns.trigger')}>{t(`engine_gc.trigger_${run.trigger}`)}</td>
              <td data-label={t('columns.status')}>
                <span className={`badge ${BADGES[run.status]}`}>{t(`engine_gc.status_${run.status}`)}</span>
              </td>
              <td data-label={t('columns.blocks_removed')}>
                {run.blocksRemoved === null ? null : formatNumber(run.blocksRemoved, language)}
              </td>
              <td data-label={t('columns.finished')}>{run.finishedAt ? formatDateTime(run.finishedAt, language) : null}</td>
              <td data-label={t('columns.details')}>{run.error ? <code className="cell-wrap">{run.error}</code> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function Schedule({ gc }: { gc: AdminEngineGc }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  if (gc.intervalHours === 0) return <p className="muted">{t('engine_gc.schedule_off')}</p>;
  return (
    <p className="muted">
      {t('engine_gc.schedule', { count: gc.intervalHours })}{' '}
      {gc.nextRunAt && t('engine_gc.next_run', { date: formatDateTime(gc.nextRunAt, language) })}
    </p>
  );
}

/**
 * The content engine's garbage collection on the content-jobs screen: the blocks of deleted
 * content stay in the Kubo nodes until one runs. The schedule, the last runs, and a run now.
 */
export function EngineGcPanel() {
  const { t } = useTranslation('admin');
  const errorText = useAreaErrorText('admin');
  const { state, reload, setData } = useAsync((signal) => adminApi.engineGc(signal), []);
  const action = useAdminAction();
  const gc = state.status === 'ready' ? state.data : null;

  // Follows a run until it ends, in place (no loading state between two looks).
  useEffect(() => {
    if (!gc?.running) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      adminApi.engineGc(controller.signal).then(setData, () => undefined);
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [gc, setData]);

  const start = () =>
    action.run('start', 'errors.engine_gc_start', async () => {
      await adminApi.startEngineGc();
      toast.success(t('engine_gc.started'));
      setData(await adminApi.engineGc());
    });

  return (
    <section className="card" aria-labelledby="engine-gc-title" data-panel="engine-gc">
      <div className="card-header">
        <div>
          <h2 id="engine-gc-title">{t('engine_gc.title')}</h2>
          <p className="card-description">{t('engine_gc.description')}</p>
        </div>
        {gc?.supported && (
          <button type="button" className="btn btn-secondary" onClick={() => void start()} disabled={gc.running || action.busy === 'start'}>
            {gc.running ? t('engine_gc.running') : t('engine_gc.collect_now')}
          </button>
        )}
      </div>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState message={errorText(state.error, 'errors.engine_gc_load')} onRetry={reload} />}
      {gc && !gc.supported && <p className="muted">{t('engine_gc.unsupported')}</p>}
      {gc?.supported && (
        <>
          <Schedule gc={gc} />
          {gc.runs.length === 0 ? <p className="muted">{t('engine_gc.no_runs')}</p> : <RunsTable runs={gc.runs} />}
        </>
      )}
    </section>
  );
}
