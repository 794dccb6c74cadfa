import type { AppContext } from '../../context';
import type { PinJobRow } from '../../db/schema';
import { crashPoint } from '../../lib/crash-point';
import { clientError } from '../../lib/error-answers';
import { accountDisabled } from '../../lib/errors';
import type { Task } from '../../jobs/runner';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';
import { recordType, storedCategory } from '../../content/content-kind';
import { contentRecorder, storedCharge } from '../content/content-recorder';
import { pinTouchesHidden } from '../content/privacy/possession-checker';
import { ContentNotFoundError } from '../../content/errors';
import { heldRecordSettler } from './held-record-settler';
import type { RecordExtras } from '../content/record-meta';
import { pinWithDeadline } from './lib/pin-deadline';
import { pinEvent } from '../../webhooks/events';
import { isQuotaRefusal, reportQuotaRefusal } from '../webhooks/quota-refusals';

/**
 * How often a running pin asks the database whether it is still its runner's: a request removed
 * or replaced on another instance cancels the job there, and this is how long the fetch may go on.
 */
const WITHDRAWN_POLL_MS = 500;
/** Runs of one job (each takeover after its runner died counts one); past this it fails for good. */
const MAX_PIN_ATTEMPTS = 5;

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
    if (await app.stores.pinJobs.failRun(trx, job.id, worker, error, code, nowIso())) await pinEvent(app, trx, job.id);
    await app.stores.contentJobs.enqueueRelease(trx, job.cid, null, job.request_id);
  });
  app.jobs.kick('release');
  app.logger.info('pin job done', { jobId: job.id, cid: job.cid, outcome: 'failed', code, ...queuedBy(job) });
  if (isQuotaRefusal(code)) reportQuotaRefusal(app, { id: job.user_id });
}

/** What a pin that finished after its job had ended leaves behind is released through the outbox. */
async function releaseLate(app: AppContext, job: PinJobRow): Promise<void> {
  await app.db.transaction().execute((trx) => app.stores.contentJobs.enqueueRelease(trx, job.cid, null, job.request_id));
  app.jobs.kick('release');
}

/** The group and key-values the job's record gets (checked when the job was queued). */
function extrasOf(job: PinJobRow): RecordExtras | undefined {
  if (!job.group_id && !job.record_meta) return undefined;
  return {
    groupId: job.group_id ?? undefined,
    meta: job.record_meta ? (JSON.parse(job.record_meta) as Record<string, string>) : undefined,
  };
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
async function runJob(
  app: AppContext,
  job: PinJobRow,
  attempts: number,
  worker: string,
  signal: AbortSignal,
  withdrawn: AbortSignal,
): Promise<void> {
  const user = await app.stores.users.findById(job.user_id);
  if (!user) return failJob(app, job, worker, 'Account not found', 'not_found');
  // A disabled account's queued pins fetch nothing (and one that was fetching records nothing).
  if (user.status !== 'active') return failJob(app, job, worker, accountDisabled().message, 'account_disabled');
  if (attempts > MAX_PIN_ATTEMPTS) {
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
          void app.stores.pinJobs
            .progress(job.id, worker, { bytes_fetched: progress.bytesFetched ?? 0, blocks: progress.blocks })
            .catch(() => undefined);
        },
      },
      () => void releaseLate(app, job).catch(() => undefined),
    );
    crashPoint('pin-job-pinned');
    // The engine took what it already held without fetching it: blocks of others' private records
    // are not the pinner's to take (see `pinTouchesHidden`); the failure releases the pin.
    if (await pinTouchesHidden(app, user.id, job.cid, signal)) throw new ContentNotFoundError(job.cid);
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
        private: Number(job.private) === 1,
      },
      null,
      {
        owned: job.kind !== 'psa',
        extras: extrasOf(job),
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
          await pinEvent(app, trx, job.id, record);
          await heldRecordSettler(app, trx, await app.stores.contentJobs.heldRecords(trx, job.id), null);
        },
      },
    );
    // A replaced request's content, held until this job was over, may go now.
    app.jobs.kick('release');
    app.logger.info('pin job done', { jobId: job.id, cid: job.cid, outcome: 'pinned', attempts, ...queuedBy(job) });
    if (!duplicate) {
      await auditRecorder(app, { action: 'pin', user, details: { cid: job.cid, size: stat.size, chargedBytes, uploadId: upload.id } });
    }
  } catch (error) {
    if (withdrawn.aborted || error instanceof JobWithdrawn) {
      // Whatever the engine pinned for it is nobody's unless referenced otherwise.
      await releaseLate(app, job);
      return;
    }
    // The server is stopping (a deploy, a rolling restart): the job is not over. The throw puts its
    // task back in the queue, where this instance after its restart, or another one at once, takes
    // it over and pins again; what the engine already pinned is found pinned.
    if (signal.aborted) throw error;
    const known = clientError(error);
    if (!known) {
      app.logger.error('pin job failed', { jobId: job.id, cid: job.cid, error: String(error), ...queuedBy(job) });
      app.metrics.engineError('pin');
    }
    await failJob(app, job, worker, known ? known.message : 'Pinning failed', known ? known.code : 'pin_failed');
  }
}

/**
 * `pin`: fetches and records a pin job (same id as the task's row), `concurrency` at a time per
 * instance and one at a time per account over every instance, so that one account cannot hold
 * every slot. A job whose runner died is taken over once its lease lapses; one taken over more
 * than `MAX_PIN_ATTEMPTS` times fails. A job cancelled in the database (its task's row
 * withdrawn) stops within `WITHDRAWN_POLL_MS` wherever it runs, and at once on this instance.
 */
export function pinTask(slots = 2): Task {
  return {
    kind: 'pin',
    slots,
    onePerAccount: true,
    watchMs: WITHDRAWN_POLL_MS,
    idleMs: 2_000,
    // The task ends its pin job itself (pinned or failed); a throw is the database failing, and
    // the job's own limit on takeovers comes first.
    maxAttempts: MAX_PIN_ATTEMPTS + 2,
    async run(app, { job: task, owner, signal, withdrawn }) {
      const job = await app.db.transaction().execute(async (trx) => {
        const started = await app.stores.pinJobs.start(trx, task.id, owner, task.attempts, nowIso());
        // A takeover after a crash goes on pinning: only the first start is news.
        if (started?.fresh) await pinEvent(app, trx, started.job);
        return started?.job;
      });
      // Over already: cancelled while queued, or ended by a run whose task row outlived it.
      if (!job) return;
      await runJob(app, job, task.attempts, owner, signal, withdrawn);
    },
  };
}
