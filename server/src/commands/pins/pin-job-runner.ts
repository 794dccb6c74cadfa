import type { AppContext } from '../../context';
import type { PinJobRow } from '../../db/schema';
import { crashPoint } from '../../lib/crash-point';
import { clientError } from '../../lib/error-answers';
import { accountDisabled } from '../../lib/errors';
import { isoAt } from '../../jobs/clock';
import { holdLease } from '../../jobs/lease';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';
import { recordType, storedCategory } from '../../content/content-kind';
import { contentRecorder, storedCharge } from '../content/content-recorder';
import { heldRecordSettler } from './held-record-settler';
import { pinWithDeadline } from './lib/pin-deadline';

const IDLE_POLL_MS = 2_000;
/**
 * How often a running job asks the database whether it still runs it: a request removed or
 * replaced on another instance cancels the job there, and this is how long the fetch may go on.
 */
const WITHDRAWN_POLL_MS = 500;
/** Runs of one job (each takeover after its runner died counts one); past this it fails for good. */
const MAX_PIN_ATTEMPTS = 5;

export interface PinRunner {
  kick(): void;
  /**
   * A job was cancelled in the database (its request removed or replaced): if this instance runs
   * it, its fetch stops now. Other instances notice within `WITHDRAWN_POLL_MS`.
   */
  cancel(jobId: string): void;
  /**
   * Resolves when this instance's runner is done with the job (pinned, failed or withdrawn), at
   * most `withinMs` later (the job may run on another instance, or wait behind the account's
   * other job). Ask before the kick that starts it, so that its end is not missed.
   */
  settled(jobId: string, withinMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** The job is not this runner's any more: cancelled, taken over, or deleted with its account. */
class JobWithdrawn extends Error {
  constructor() {
    super('The pin job was withdrawn');
  }
}

/** The request that queued a job, for every line about it and every job it queues in turn. */
const queuedBy = (job: PinJobRow) => (job.request_id ? { requestId: job.request_id } : {});

/**
 * Ends a job as failed, while this runner still runs it, and, in the same transaction, queues the
 * release of whatever its pin left (the outbox unpins it unless a record or another job wants it).
 */
async function failJob(app: AppContext, job: PinJobRow, worker: string, error: string, code: string): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await app.stores.pinJobs.failRun(trx, job.id, worker, error, code, nowIso());
    await app.stores.contentJobs.enqueueRelease(trx, job.cid, null, job.request_id);
  });
  app.contentJobs.kick();
  app.logger.info('pin job done', { jobId: job.id, cid: job.cid, outcome: 'failed', code, ...queuedBy(job) });
}

/** What a pin that finished after its job had ended leaves behind is released through the outbox. */
async function releaseLate(app: AppContext, job: PinJobRow): Promise<void> {
  await app.db.transaction().execute((trx) => app.stores.contentJobs.enqueueRelease(trx, job.cid, null, job.request_id));
  app.contentJobs.kick();
}

/** The peers a job was told to fetch from (Pinning Service API `origins`). */
function originsOf(job: PinJobRow): string[] | undefined {
  if (!job.origins) return undefined;
  const parsed: unknown = JSON.parse(job.origins);
  return Array.isArray(parsed) ? parsed.filter((addr): addr is string => typeof addr === 'string') : undefined;
}

/**
 * Runs one claimed job. `signal` aborts when the server stops or the job is withdrawn
 * (`withdrawn`); a withdrawn job writes nothing more about itself, since whoever withdrew it
 * already did, and only queues the release of what its pin may have left.
 */
async function runJob(app: AppContext, job: PinJobRow, worker: string, signal: AbortSignal, withdrawn: AbortSignal): Promise<void> {
  const user = await app.stores.users.findById(job.user_id);
  if (!user) return failJob(app, job, worker, 'Account not found', 'not_found');
  // A disabled account's queued pins fetch nothing (and one that was fetching records nothing).
  if (user.status !== 'active') return failJob(app, job, worker, accountDisabled().message, 'account_disabled');
  if (job.attempts > MAX_PIN_ATTEMPTS) {
    return failJob(app, job, worker, 'Pinning was interrupted too many times', 'pin_failed');
  }
  let lastWrite = 0;
  try {
    const pinned = await pinWithDeadline(
      app.content,
      job.cid,
      app.config.pinTimeoutMs,
      {
        signal,
        origins: originsOf(job),
        onProgress: (progress) => {
          if (Date.now() - lastWrite < 500) return;
          lastWrite = Date.now();
          void app.stores.pinJobs.beat(job.id, worker, { bytes_fetched: progress.bytesFetched ?? 0, blocks: progress.blocks }, nowIso());
        },
      },
      () => void releaseLate(app, job).catch(() => undefined),
    );
    crashPoint('pin-job-pinned');
    const stat = await app.content.stat(job.cid);
    // What was fetched and is held, whatever the DAG's metadata claims; a walk that cannot finish
    // gives up within the pin's own time.
    const held = await app.content.dagBytes(job.cid, { signal: AbortSignal.any([signal, AbortSignal.timeout(app.config.pinTimeoutMs)]) });
    const chargedBytes = storedCharge(stat.size, held);
    const type = recordType(stat.type);
    const category = await storedCategory(app.content, job.cid, type, job.original_name ?? '', signal);
    // The record and the job's end are one transaction: a job withdrawn meanwhile records nothing.
    const { upload, duplicate } = await contentRecorder(
      app,
      user,
      {
        cid: job.cid,
        size: stat.size,
        chargedBytes,
        type,
        category,
        filesCount: stat.files,
        originalName: job.original_name,
        customName: job.custom_name,
        source: 'pin',
      },
      null,
      {
        owned: job.kind !== 'psa',
        // The records of the requests this one replaced go (unless something else stands on
        // them) with this record's transaction, before it is charged: their bytes count.
        beforeCharge: async (trx) => heldRecordSettler(app, trx, await app.stores.contentJobs.heldRecords(trx, job.id), job.id),
        within: async (trx, record) => {
          const changes = {
            upload_id: record.id,
            error: null,
            error_code: null,
            bytes_fetched: pinned.bytesFetched ?? 0,
            blocks: pinned.blocks,
          };
          if (!(await app.stores.pinJobs.finishPinned(trx, job.id, worker, changes, nowIso()))) throw new JobWithdrawn();
          await heldRecordSettler(app, trx, await app.stores.contentJobs.heldRecords(trx, job.id), null);
        },
      },
    );
    // A replaced request's content, held until this job was over, may go now.
    app.contentJobs.kick();
    app.logger.info('pin job done', { jobId: job.id, cid: job.cid, outcome: 'pinned', attempts: job.attempts, ...queuedBy(job) });
    if (!duplicate) {
      await auditRecorder(app, { action: 'pin', user, details: { cid: job.cid, size: stat.size, chargedBytes, uploadId: upload.id } });
    }
  } catch (error) {
    if (withdrawn.aborted || error instanceof JobWithdrawn) {
      // Whatever the engine pinned for it is nobody's unless referenced otherwise.
      await releaseLate(app, job);
      return;
    }
    const known = clientError(error);
    if (!known) {
      app.logger.error('pin job failed', { jobId: job.id, cid: job.cid, error: String(error), ...queuedBy(job) });
      app.metrics.engineError('pin');
    }
    await failJob(app, job, worker, known ? known.message : 'Pinning failed', known ? known.code : 'pin_failed');
  }
}

/**
 * Runs queued pin jobs from the database, `concurrency` at a time per instance and at most one at a
 * time per account across all instances, so that one account cannot hold every slot. Jobs survive
 * restarts, and a job whose runner died is taken over once its heartbeat is older than the lease
 * (`LEASE_SECONDS`); a job taken over more than `MAX_PIN_ATTEMPTS` times fails.
 */
export function startPinRunner(app: AppContext, concurrency = 2): PinRunner {
  const worker = newId();
  let stopped = false;
  const abort = new AbortController();
  // Every idle loop waits here; a kick wakes them all (one finds the new job, the rest idle again).
  const sleepers = new Set<() => void>();
  const running = new Set<Promise<void>>();
  const withdrawals = new Map<string, AbortController>();
  // Whoever waits for a job's end on this instance (a request that answers with its outcome).
  const waiters = new Map<string, Set<() => void>>();
  const wakeWaiters = (jobId: string) => {
    for (const wake of [...(waiters.get(jobId) ?? [])]) wake();
  };
  // Claims run one after another so two loops of this instance never take one account's jobs together.
  let claiming: Promise<unknown> = Promise.resolve();
  const claim = (): Promise<PinJobRow | undefined> => {
    const next = claiming.then(() => {
      const now = new Date();
      return app.stores.pinJobs.claimNext(worker, now.toISOString(), new Date(now.getTime() - app.config.leaseMs).toISOString());
    });
    claiming = next.catch(() => undefined);
    return next;
  };

  /** Runs a claimed job, beating its heartbeat, and stops it as soon as it is withdrawn. */
  async function runClaimed(job: PinJobRow): Promise<void> {
    const withdrawn = new AbortController();
    withdrawals.set(job.id, withdrawn);
    // The job's own signal, aborted by either cause (held here, so it lives as long as the job).
    const stopping = new AbortController();
    const stopJob = (reason: unknown) => stopping.abort(reason);
    const onServerStop = () => stopJob(abort.signal.reason);
    const onWithdrawn = () => stopJob(withdrawn.signal.reason);
    if (abort.signal.aborted) onServerStop();
    else abort.signal.addEventListener('abort', onServerStop, { once: true });
    withdrawn.signal.addEventListener('abort', onWithdrawn, { once: true });
    // The job's lease: its heartbeat, and between beats a read of whether it is still this
    // runner's; once it is not (or no beat went through for a whole lease), the job is withdrawn.
    const lease = holdLease(
      {
        renew: (now) => app.stores.pinJobs.beat(job.id, worker, {}, isoAt(now)),
        held: () => app.stores.pinJobs.runBy(job.id, worker),
      },
      { clock: app.clock, leaseMs: app.config.leaseMs, watchMs: WITHDRAWN_POLL_MS },
    );
    const onLost = () => withdrawn.abort(new JobWithdrawn());
    lease.lost.addEventListener('abort', onLost, { once: true });
    try {
      await runJob(app, job, worker, stopping.signal, withdrawn.signal);
    } finally {
      lease.lost.removeEventListener('abort', onLost);
      lease.stop();
      withdrawals.delete(job.id);
      abort.signal.removeEventListener('abort', onServerStop);
      wakeWaiters(job.id);
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      const job = await claim().catch((error: unknown) => {
        app.logger.error('pin job claim failed', { error: String(error) });
        return undefined;
      });
      if (!job) {
        const woken = new AbortController();
        const wake = () => woken.abort();
        sleepers.add(wake);
        await app.clock.sleep(IDLE_POLL_MS, woken.signal);
        sleepers.delete(wake);
        continue;
      }
      await runClaimed(job);
    }
  }

  for (let i = 0; i < concurrency; i++) {
    const task = loop().finally(() => running.delete(task));
    running.add(task);
  }
  return {
    kick() {
      for (const wake of [...sleepers]) wake();
    },
    cancel(jobId) {
      withdrawals.get(jobId)?.abort(new JobWithdrawn());
    },
    async settled(jobId, withinMs) {
      const done = new AbortController();
      const wake = () => done.abort();
      const set = waiters.get(jobId) ?? new Set();
      waiters.set(jobId, set.add(wake));
      try {
        await app.clock.sleep(withinMs, AbortSignal.any([done.signal, abort.signal]));
      } finally {
        set.delete(wake);
        if (set.size === 0 && waiters.get(jobId) === set) waiters.delete(jobId);
      }
    },
    async stop() {
      stopped = true;
      abort.abort();
      for (const wake of [...sleepers]) wake();
      await Promise.allSettled([...running]);
    },
  };
}
