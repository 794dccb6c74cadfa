import type { AppContext } from '../../context';
import type { EngineGcRunRow, UserRow } from '../../db/schema';
import { auditRecorder } from '../audit/audit-recorder';
import { startCollection } from './garbage-collector';

/**
 * An administrator starts a garbage collection of the engine now: it runs in the background on
 * this instance (409 `gc_running` when one runs anywhere, `gc_unsupported` on the embedded engine).
 */
export async function engineGcRequester(app: AppContext, admin: UserRow, ip: string): Promise<EngineGcRunRow> {
  const { run } = await startCollection(app, 'admin');
  await auditRecorder(app, { action: 'collect_engine_garbage', user: admin, ip, details: { runId: run.id, engine: run.engine } });
  return run;
}
