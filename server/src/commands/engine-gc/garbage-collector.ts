import type { AppContext } from '../../context';
import type { EngineGcRunRow, EngineGcStatus, EngineGcTrigger } from '../../db/schema';
import { takeCollectionLock, type CollectionLock } from '../../lib/engine-gc-lock';
import { conflict } from '../../lib/errors';
import { newId } from '../../lib/ids';

/** Longest a collection waits for the imports in flight to finish before it gives up as busy. */
const DRAIN_MS = 2 * 60_000;
/** Runs are listed this long, then forgotten. */
const RUN_RETENTION_MS = 90 * 24 * 3600_000;

export interface CollectionOptions {
  drainMs?: number;
  signal?: AbortSignal;
}

export interface StartedCollection {
  run: EngineGcRunRow;
  /** The run once it has ended, recorded; never rejects. */
  finished: Promise<EngineGcRunRow>;
}

/** Whether this deployment's engine has a garbage collection Cairn runs (kubo, cluster). */
export const collectsGarbage = (app: AppContext): boolean => app.content.capabilities.garbageCollection;

/**
 * Starts one garbage collection of the engine's nodes; over every instance at most one runs at a
 * time (the `engine-gc` lease, 409 `gc_running` otherwise). In the background it waits for the
 * imports in flight to be pinned, collects, records and logs the outcome, gives the lease back.
 */
export async function startCollection(
  app: AppContext,
  trigger: EngineGcTrigger,
  options: CollectionOptions = {},
): Promise<StartedCollection> {
  if (!collectsGarbage(app)) {
    throw conflict(
      'gc_unsupported',
      `The ${app.content.engine} engine removes blocks as content is deleted: it has no garbage collection to run`,
    );
  }
  const id = newId();
  const lock = await takeCollectionLock(app.stores.leases, id, { clock: app.clock, leaseMs: app.config.leaseMs });
  if (!lock) throw conflict('gc_running', 'A garbage collection of the storage engine is running already');
  try {
    const now = new Date().toISOString();
    // Only the lease holder gets here: runs still marked running were left by a collector that died.
    await app.stores.engineGcRuns.endAbandoned(now, 'The instance running it stopped before it ended');
    await app.stores.engineGcRuns.pruneStartedBefore(new Date(Date.now() - RUN_RETENTION_MS).toISOString());
    const run = await app.stores.engineGcRuns.start({
      id,
      instance_id: app.instanceId,
      engine: app.content.engine,
      trigger,
      started_at: now,
    });
    return { run, finished: collect(app, lock, run, options) };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

type Ending = Pick<EngineGcRunRow, 'blocks_removed' | 'error'> & { status: Exclude<EngineGcStatus, 'running'> };

/** What the collection came to: removed blocks, or why it did not run or did not end. */
async function outcome(app: AppContext, lock: CollectionLock, options: CollectionOptions, signal: AbortSignal): Promise<Ending> {
  try {
    if (!(await lock.drained(options.drainMs ?? DRAIN_MS, signal))) {
      return { status: 'busy', blocks_removed: null, error: 'Imports in flight did not finish in time' };
    }
    const collected = await app.content.collectGarbage(signal);
    return { status: 'done', blocks_removed: collected.removed, error: collected.errors.join('; ').slice(0, 1000) || null };
  } catch (error) {
    return { status: 'failed', blocks_removed: null, error: (error instanceof Error ? error.message : String(error)).slice(0, 1000) };
  }
}

async function collect(app: AppContext, lock: CollectionLock, run: EngineGcRunRow, options: CollectionOptions): Promise<EngineGcRunRow> {
  const started = Date.now();
  const end = await outcome(app, lock, options, options.signal ? AbortSignal.any([options.signal, app.stopping]) : app.stopping);
  const finished: EngineGcRunRow = { ...run, ...end, finished_at: new Date().toISOString() };
  try {
    // Recorded before the lease goes: the next collector must not take this run for abandoned.
    await app.stores.engineGcRuns.finish(run.id, {
      status: end.status,
      finishedAt: finished.finished_at!,
      blocksRemoved: end.blocks_removed,
      error: end.error,
    });
  } catch (error) {
    app.logger.warn('engine garbage collection could not be recorded', { id: run.id, error: String(error) });
  } finally {
    await lock.release();
  }
  const line = {
    id: run.id,
    trigger: run.trigger,
    status: end.status,
    blocksRemoved: end.blocks_removed,
    ms: Date.now() - started,
    error: end.error,
  };
  if (end.status === 'done') app.logger.info('engine garbage collection', line);
  else app.logger.warn('engine garbage collection', line);
  return finished;
}
