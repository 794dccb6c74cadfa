import type { AppContext } from '../../context';
import type { Task } from '../../jobs/runner';
import { orphanedPartialsRemover, resumablePruner } from '../content/resumable/resumable-pruner';
import { scheduledCollection } from '../engine-gc/lib/gc-schedule';
import { claimImportPins } from '../quota/lib/quota-reservation';
import { scheduledUsageCheck } from '../quota/usage-checker';
import { pruneExpiredMultipart, removeOrphanedParts } from '../../s3/multipart/prune';

/** A finished pin job stays readable (`GET /pins/{id}`) this long. */
export const PIN_JOB_RETENTION_MS = 30 * 24 * 3600_000;
const DAY_MS = 24 * 3600_000;
/** A webhook event and its delivery log stay this long (an event still being retried stays until it is done). */
export const WEBHOOK_EVENT_RETENTION_MS = 30 * DAY_MS;
/** Events deleted by one prune at most, so that a backlog is spread over runs instead of one long write. */
const WEBHOOK_EVENTS_PER_PRUNE = 10_000;

export interface SweepReport {
  reservationsFreed: number;
  rateLimitsPruned: number;
  pinJobsPruned: number;
  resumablePruned: number;
  /** S3 multipart uploads aborted past their expiry. */
  multipartPruned: number;
  webhookEventsPruned: number;
  /** 1 when this instance compared the accounts' usage with their records (once an hour, one instance). */
  usageChecks: number;
}

/**
 * Gives back the quota of uploads whose process died (their reservations stopped beating), after
 * claiming what the engine pinned for their imports (released by the outbox unless recorded).
 * Each reservation is freed exactly once, whichever instances sweep.
 */
async function deadReservationsFreer(app: AppContext, now: number): Promise<number> {
  const before = new Date(now - app.config.leaseMs).toISOString();
  let freed = 0;
  for (const id of await app.stores.quota.stale(before)) {
    if (!(await claimImportPins(app, id))) continue;
    if (await app.stores.quota.releaseIfStale(id, before)) freed++;
  }
  // Claims of the uploads whose reservations were just freed are due now.
  if (freed > 0) app.jobs.kick('release');
  return freed;
}

/** Deletes rate-limit windows long over, pin jobs long finished, resumable and multipart uploads expired and old webhook events. */
async function pruner(
  app: AppContext,
  now: number,
): Promise<Pick<SweepReport, 'rateLimitsPruned' | 'pinJobsPruned' | 'resumablePruned' | 'multipartPruned' | 'webhookEventsPruned'>> {
  // A counter's row says when its window ends; a day more leaves no doubt (the legacy rows' windows are shorter).
  const rateLimitsPruned = await app.stores.rateLimits.pruneEndedBefore(now - DAY_MS);
  const pinJobsPruned = await app.stores.pinJobs.pruneFinishedBefore(new Date(now - PIN_JOB_RETENTION_MS).toISOString());
  const resumablePruned = await resumablePruner(app, now);
  const multipartPruned = await pruneExpiredMultipart(app, now);
  const webhookEventsPruned = await app.stores.webhookDeliveries.pruneEventsBefore(
    new Date(now - WEBHOOK_EVENT_RETENTION_MS).toISOString(),
    WEBHOOK_EVENTS_PER_PRUNE,
  );
  return { rateLimitsPruned, pinJobsPruned, resumablePruned, multipartPruned, webhookEventsPruned };
}

/** Once an hour, on one instance, compares every account's usage with its records and sets right what differs. */
async function usageCheck(app: AppContext, now: number): Promise<number> {
  const checked = await scheduledUsageCheck(app, now).catch((error: unknown) => {
    app.logger.error('usage check failed', { error: String(error) });
    return false;
  });
  return checked ? 1 : 0;
}

/**
 * Every periodic task's work, once, now, on this instance: at start, before the server serves
 * (recovery), and in tests, which hand it the time. Idempotent.
 */
export async function sweepOnce(app: AppContext, now = app.clock.now()): Promise<SweepReport> {
  const reservationsFreed = await deadReservationsFreer(app, now);
  const pruned = await pruner(app, now);
  const usageChecks = await usageCheck(app, now);
  return { reservationsFreed, ...pruned, usageChecks };
}

/** Logs what a periodic run did, when it did anything. */
function reported(app: AppContext, report: Record<string, number>): void {
  if (Object.values(report).some((n) => n > 0)) app.logger.info('maintenance sweep', report);
}

/**
 * The periodic tasks, each every `intervalMs` on one instance of the deployment (the orphaned
 * partial files and S3 part files, on every instance for its own disk). An engine collection, however long, runs
 * beside the others: it is a task of its own.
 */
export function periodicTasks(intervalMs: number, processStartedAt: number): Task[] {
  return [
    {
      kind: 'sweep',
      everyMs: intervalMs,
      run: async (app) => reported(app, { reservationsFreed: await deadReservationsFreer(app, app.clock.now()) }),
    },
    { kind: 'prune', everyMs: intervalMs, run: async (app) => reported(app, await pruner(app, app.clock.now())) },
    {
      kind: 'usage-check',
      everyMs: intervalMs,
      run: async (app) => reported(app, { usageChecks: await usageCheck(app, app.clock.now()) }),
    },
    { kind: 'engine-gc', everyMs: intervalMs, run: (app) => scheduledCollection(app, processStartedAt, app.clock.now()) },
    {
      kind: 'partials',
      everyMs: intervalMs,
      perInstance: true,
      run: async (app) => {
        await orphanedPartialsRemover(app);
        await removeOrphanedParts(app);
      },
    },
  ];
}
