import type { AppContext } from '../context';
import { storedFolderCategory } from './content-kind';
import { RESERVATION_STALE_MS } from './quota-reservation';

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
  categoriesRechecked: number;
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
 * Gives back the quota of uploads whose process died (their reservations stopped beating), and
 * deletes rate-limit windows long over and pin jobs long finished, and recategorises a few
 * directories left from before 0010. Safe to run on every instance at once: each reservation is
 * freed exactly once, and the deletes and recategorisations are idempotent.
 */
export async function sweepOnce(app: AppContext, now = Date.now()): Promise<SweepReport> {
  const before = new Date(now - RESERVATION_STALE_MS).toISOString();
  let reservationsFreed = 0;
  for (const id of await app.stores.quota.stale(before)) {
    if (await app.stores.quota.releaseIfStale(id, before)) reservationsFreed++;
  }
  // Every limiter's window is at most the longest configured one; a day more leaves no doubt.
  const longestWindowMs = Math.max(app.config.loginLimits.windowSeconds, app.config.signupLimits.windowSeconds) * 1000;
  const rateLimitsPruned = await app.stores.rateLimits.pruneBefore(new Date(now - longestWindowMs - DAY_MS).toISOString());
  const pinJobsPruned = await app.stores.pinJobs.pruneFinishedBefore(new Date(now - PIN_JOB_RETENTION_MS).toISOString());
  const categoriesRechecked = await recheckCategories(app);
  return { reservationsFreed, rateLimitsPruned, pinJobsPruned, categoriesRechecked };
}

/** Sweeps now (the caller awaits it before serving) and then every `intervalMs` while running. */
export async function startMaintenance(app: AppContext, intervalMs: number): Promise<Maintenance> {
  const report = await sweepOnce(app);
  app.logger.info('recovery at start', { ...report });
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepOnce(app)
      .then((sweep) => {
        if (Object.values(sweep).some((n) => n > 0)) app.logger.info('maintenance sweep', { ...sweep });
      })
      .catch((error: unknown) => app.logger.error('maintenance sweep failed', { error: String(error) }));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
