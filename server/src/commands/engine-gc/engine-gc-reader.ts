import type { AppContext } from '../../context';
import type { EngineGcRunRow } from '../../db/schema';
import { GC_LEASE } from '../../lib/engine-gc-lock';
import { collectsGarbage } from './garbage-collector';
import { nextCollectionAt } from './lib/gc-schedule';

/** Runs the admin console lists. */
const LISTED_RUNS = 20;

export interface EngineGcOverview {
  engine: AppContext['content']['engine'];
  supported: boolean;
  intervalHours: number;
  running: boolean;
  nextRunAt: string | null;
  runs: EngineGcRunRow[];
}

/**
 * The engine's garbage collection for administrators: the last runs, the schedule, and whether
 * one runs now on any instance (the lease, which also covers a run whose record lags behind).
 * The next run is counted from this instance's start before the first run.
 */
export async function engineGcReader(app: AppContext, processStartedAt: number): Promise<EngineGcOverview> {
  const next = await nextCollectionAt(app, processStartedAt);
  return {
    engine: app.content.engine,
    supported: collectsGarbage(app),
    intervalHours: app.config.engineGcIntervalMs / 3600_000,
    running: await app.stores.leases.isHeld(GC_LEASE, new Date().toISOString()),
    nextRunAt: next === null ? null : new Date(next).toISOString(),
    runs: await app.stores.engineGcRuns.recent(LISTED_RUNS),
  };
}
