import type { AppContext } from '../../context';
import { startContentJobRunner } from './content-job-runner';
import { resumablePruner } from '../content/resumable/resumable-pruner';
import { storedFolderCategory } from '../../content/content-kind';
import { scheduledCollection } from '../engine-gc/lib/gc-schedule';
import { claimImportPins } from '../quota/lib/quota-reservation';
import { scheduledUsageCheck } from '../quota/usage-checker';

export interface Maintenance {
  stop(): Promise<void>;
}

/** A finished pin job stays readable (`GET /pins/{id}`) this long. */
export const PIN_JOB_RETENTION_MS = 30 * 24 * 3600_000;
const DAY_MS = 24 * 3600_000;

export interface SweepReport {
  reservationsFreed: number;
  rateLimitsPruned: number;
  pinJobsPruned: number;
  resumablePruned: number;
  categoriesRechecked: number;
  /** 1 when this instance compared the accounts' usage with their records (once an hour, one instance). */
  usageChecks: number;
}

/** Directories recategorised per sweep, so that a sweep stays short. */
const RECHECKS_PER_SWEEP = 20;

/**
 * Recomputes the category of directories stored before one rule covered every way content
 * arrives. Content the engine cannot read keeps its category: the directory leaves the list either
 * way, so one unreadable CID never holds the others up.
 */
async function recheckCategories(app: AppContext): Promise<number> {
  const cids = await app.stores.categoryRechecks.next(RECHECKS_PER_SWEEP);
  for (const cid of cids) {
    const category = await storedFolderCategory(app.content, cid, AbortSignal.timeout(10_000)).catch((error: unknown) => {
      app.logger.warn('category recheck could not read a directory', { cid, error: String(error) });
      return null;
    });
    await app.stores.categoryRechecks.settle(cid, category);
  }
  return cids.length;
}

/**
 * Gives back the quota of uploads whose process died (their reservations stopped beating), after
 * claiming what the engine pinned for their imports (released by the outbox unless recorded),
 * deletes rate-limit windows long over, pin jobs long finished and resumable uploads expired,
 * recategorises a few directories left from before 0010, and once an hour compares every
 * account's usage with its records and sets right what differs (`usageChecker`). Safe to run on
 * every instance at once:
 * each reservation is freed exactly once, and the rest is idempotent.
 */
export async function sweepOnce(app: AppContext, now = Date.now()): Promise<SweepReport> {
  const before = new Date(now - app.config.leaseMs).toISOString();
  let reservationsFreed = 0;
  for (const id of await app.stores.quota.stale(before)) {
    if (!(await claimImportPins(app, id))) continue;
    if (await app.stores.quota.releaseIfStale(id, before)) reservationsFreed++;
  }
  // Every limiter's window is at most the longest configured one; a day more leaves no doubt.
  const longestWindowMs = Math.max(app.config.loginLimits.windowSeconds, app.config.signupLimits.windowSeconds) * 1000;
  const rateLimitsPruned = await app.stores.rateLimits.pruneBefore(new Date(now - longestWindowMs - DAY_MS).toISOString());
  const pinJobsPruned = await app.stores.pinJobs.pruneFinishedBefore(new Date(now - PIN_JOB_RETENTION_MS).toISOString());
  const resumablePruned = await resumablePruner(app, now);
  const categoriesRechecked = await recheckCategories(app);
  const usageChecks = (await scheduledUsageCheck(app, now).catch((error: unknown) => {
    app.logger.error('usage check failed', { error: String(error) });
    return false;
  }))
    ? 1
    : 0;
  return { reservationsFreed, rateLimitsPruned, pinJobsPruned, resumablePruned, categoriesRechecked, usageChecks };
}

/**
 * Recovery, before the caller serves: frees the quota of dead uploads (whose claims on what they
 * pinned then become due), runs every due outbox job once and starts the outbox runner
 * (`app.contentJobs`). Then sweeps every `intervalMs` (on `app.clock`) while running.
 */
export async function startMaintenance(app: AppContext, intervalMs: number): Promise<Maintenance> {
  const report = await sweepOnce(app);
  const { runner, recovered } = await startContentJobRunner(app);
  app.contentJobs = runner;
  const { failed } = await app.stores.contentJobs.counts();
  app.logger.info('recovery at start', {
    ...report,
    contentReleased: recovered.done,
    contentRetrying: recovered.retrying,
    contentFailed: recovered.failed,
    contentJobsFailedTotal: failed,
  });
  // A collection may take long: it runs beside the sweeps, one at a time, and stops with the server.
  const startedAt = app.clock.now();
  let collecting: Promise<unknown> | undefined;
  const stopping = new AbortController();
  // One sweep at a time, `intervalMs` after the last one ended.
  const sweeping = (async () => {
    for (;;) {
      await app.clock.sleep(intervalMs, stopping.signal);
      if (stopping.signal.aborted) return;
      collecting ??= scheduledCollection(app, startedAt, app.clock.now())
        .catch((error: unknown) => app.logger.error('scheduled engine garbage collection failed', { error: String(error) }))
        .finally(() => (collecting = undefined));
      await sweepOnce(app)
        .then((sweep) => {
          // Claims of the uploads whose reservations were just freed are due now.
          if (sweep.reservationsFreed > 0) runner.kick();
          if (Object.values(sweep).some((n) => n > 0)) app.logger.info('maintenance sweep', { ...sweep });
        })
        .catch((error: unknown) => app.logger.error('maintenance sweep failed', { error: String(error) }));
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await sweeping;
      await collecting;
      await runner.stop();
    },
  };
}
