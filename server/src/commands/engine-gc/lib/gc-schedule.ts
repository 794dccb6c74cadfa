import type { AppContext } from '../../../context';
import { GC_LEASE } from '../../../lib/engine-gc-lock';
import { AppError } from '../../../lib/errors';
import { collectsGarbage, startCollection } from '../garbage-collector';

/** A collection that was busy or failed is tried again this soon, when the interval is longer. */
const RETRY_MS = 3600_000;

/** When the next scheduled collection is due, or null when none is (no schedule, or no collection on this engine). */
export async function nextCollectionAt(app: AppContext, processStartedAt: number): Promise<number | null> {
  const interval = app.config.engineGcIntervalMs;
  if (interval === 0 || !collectsGarbage(app)) return null;
  const last = await app.stores.engineGcRuns.lastFinished();
  // Before the first run, counted from this instance's start: a new deployment is not collected at once.
  if (!last?.finished_at) return processStartedAt + interval;
  return Date.parse(last.finished_at) + (last.status === 'done' ? interval : Math.min(interval, RETRY_MS));
}

/**
 * Runs a collection when one is due; whichever instance takes the lease runs it, the others find
 * it taken and go on. Resolves once the run has ended (at once when none was started).
 */
export async function scheduledCollection(app: AppContext, processStartedAt: number, now = Date.now()): Promise<boolean> {
  const due = await nextCollectionAt(app, processStartedAt);
  if (due === null || due > now) return false;
  if (await app.stores.leases.isHeld(GC_LEASE, new Date(now).toISOString())) return false;
  try {
    await (
      await startCollection(app, 'schedule')
    ).finished;
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'gc_running') return false;
    throw error;
  }
}
