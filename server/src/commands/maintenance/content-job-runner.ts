import type { AppContext } from '../../context';
import type { ContentJobRow } from '../../db/schema';
import { isoAt } from '../../jobs/clock';
import { holdLease } from '../../jobs/lease';
import { newId } from '../../lib/ids';
import { contentReleaser } from './content-releaser';
import { heldRecordSettler } from '../pins/held-record-settler';

/** Attempts before a job is left `failed` for an operator; with the backoff below, about an hour. */
export const MAX_CONTENT_JOB_ATTEMPTS = 10;
const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 10 * 60_000;
const IDLE_POLL_MS = 1_000;
/** How long `runNow` waits for a job another runner holds, and how often it looks. */
const RUN_NOW_WAIT_MS = 15_000;
const RUN_NOW_POLL_MS = 50;
const BATCH = 20;
/** Longest the start-up pass runs before the server serves; what is left runs in the background. */
const RECOVERY_BUDGET_MS = 15_000;

export interface ContentJobReport {
  done: number;
  retrying: number;
  failed: number;
}

export interface ContentJobRunner {
  /** Wakes the runner: a job was queued. */
  kick(): void;
  /**
   * Runs one job now, or waits (bounded) while another runner has it; true when its CID, given
   * by a caller that wants the answer, is no longer pinned afterwards.
   */
  runNow(id: string, cid?: string): Promise<boolean>;
  stop(): Promise<void>;
}

/** Exponential backoff with jitter: 2 s, 4 s, 8 s … up to ten minutes. */
function retryDelayMs(attempts: number): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * Starts the runner after one pass over every due job (start-up recovery, within a time budget),
 * and reports what that pass did. Carries out the outbox of content-engine jobs on this instance. Any instance may run any job:
 * each run holds the job's lease (renewed while it runs, lost if the instance dies), succeeds by
 * deleting the row, and otherwise retries with backoff until `MAX_CONTENT_JOB_ATTEMPTS`, after
 * which the job stays `failed` and is logged as an error.
 */
export async function startContentJobRunner(app: AppContext): Promise<{ runner: ContentJobRunner; recovered: ContentJobReport }> {
  const owner = newId();
  const leaseMs = app.config.leaseMs;
  let stopped = false;
  let wake: (() => void) | null = null;
  let active: Promise<unknown> = Promise.resolve();

  async function run(job: ContentJobRow): Promise<{ outcome: keyof ContentJobReport; unpinned: boolean } | null> {
    // Every line about the job names the request that queued it, on whichever instance runs it.
    const queuedBy = job.request_id ? { requestId: job.request_id } : {};
    const now = app.clock.now();
    if (!(await app.stores.contentJobs.claim(job, owner, isoAt(now), isoAt(now + leaseMs)))) return null;
    // Kept while the job runs; its end (`complete`, `fail`) is written only while this owner holds it.
    const lease = holdLease(
      { renew: (_now, until) => app.stores.contentJobs.renew(job.id, owner, isoAt(until)) },
      { clock: app.clock, leaseMs },
    );
    try {
      // A replaced pin request's record, kept until its successor's job was over, goes first.
      if (job.upload_id) await app.db.transaction().execute((trx) => heldRecordSettler(app, trx, [job], null));
      const unpinned = await contentReleaser(app, job.cid);
      await app.stores.contentJobs.complete(job.id, owner);
      if (unpinned) app.logger.info('content released', { cid: job.cid, jobId: job.id, ...queuedBy });
      return { outcome: 'done', unpinned };
    } catch (error) {
      const attempts = job.attempts + 1;
      const final = attempts >= MAX_CONTENT_JOB_ATTEMPTS;
      const runAfter = isoAt(app.clock.now() + retryDelayMs(attempts));
      await app.stores.contentJobs.fail(job.id, owner, String(error), runAfter, final);
      app.metrics.engineError('unpin');
      const fields = { jobId: job.id, cid: job.cid, attempts, error: String(error), ...queuedBy };
      if (final) app.logger.error('content job failed', fields);
      else app.logger.warn('content job will retry', fields);
      return { outcome: final ? 'failed' : 'retrying', unpinned: false };
    } finally {
      lease.stop();
    }
  }

  async function pass(report?: ContentJobReport, deadline = Infinity): Promise<number> {
    const jobs = await app.stores.contentJobs.due(isoAt(app.clock.now()), BATCH);
    let ran = 0;
    for (const job of jobs) {
      if (stopped || Date.now() > deadline) break;
      const result = await run(job);
      if (!result) continue;
      ran++;
      if (report) report[result.outcome]++;
    }
    return ran;
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      const ran = await pass().catch((error: unknown) => {
        app.logger.error('content jobs pass failed', { error: String(error) });
        return 0;
      });
      if (ran > 0) continue;
      const woken = new AbortController();
      wake = () => woken.abort();
      await app.clock.sleep(IDLE_POLL_MS, woken.signal);
      wake = null;
    }
  }

  /**
   * A job another runner took first (this instance's loop, woken by the same change, or another
   * instance): waits, bounded, until that run is over, so that whoever asked answers what
   * happened; true when it was carried out.
   */
  async function ranElsewhere(id: string): Promise<boolean> {
    const deadline = app.clock.now() + Math.min(leaseMs, RUN_NOW_WAIT_MS);
    while (!stopped && app.clock.now() < deadline) {
      const row = await app.stores.contentJobs.find(id);
      if (!row) return true;
      if (row.status !== 'running') return false;
      await app.clock.sleep(RUN_NOW_POLL_MS);
    }
    return false;
  }

  const recovered: ContentJobReport = { done: 0, retrying: 0, failed: 0 };
  const deadline = Date.now() + RECOVERY_BUDGET_MS;
  while (Date.now() < deadline && (await pass(recovered, deadline)) > 0);
  const looping = loop();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = active.then(work, work);
    active = next.catch(() => undefined);
    return next;
  };

  const runner: ContentJobRunner = {
    kick: () => wake?.(),
    async runNow(id, cid) {
      const result = await exclusive(async () => {
        const [job] = await app.stores.contentJobs.due(isoAt(app.clock.now()), 1, id);
        return job ? run(job) : null;
      });
      if (result) return result.unpinned;
      // Waited for outside `exclusive`, so that this instance's other jobs do not queue behind it.
      return (await ranElsewhere(id)) && cid !== undefined && !(await app.content.isPinned(cid));
    },
    async stop() {
      stopped = true;
      wake?.();
      await looping;
      await active;
    },
  };
  return { runner, recovered };
}
