import { detectCategory } from '../content/category';
import type { AppContext } from '../context';
import type { PinJobRow } from '../db/schema';
import { crashPoint } from '../lib/crash-point';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';
import { auditRecorder } from './audit-recorder';
import { recordType, storedFolderCategory } from './content-kind';
import { contentRecorder, storedCharge } from './content-recorder';
import { storedHead } from './head-capture';
import { pinWithDeadline } from './pin-deadline';
import { psaReplacementFinisher } from './psa-replacement-finisher';
import { removeUploadIfPresent } from './upload-remover';

const HEARTBEAT_MS = 5_000;
const IDLE_POLL_MS = 2_000;
/** Runs of one job (each takeover after its runner died counts one); past this it fails for good. */
export const MAX_PIN_ATTEMPTS = 5;

export interface PinRunner {
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Ends a job as failed and, in the same transaction, queues the release of whatever its pin left
 * (the outbox unpins it unless a record or another job wants it).
 */
async function failJob(app: AppContext, job: PinJobRow, error: string, code: string): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await app.stores.pinJobs.update(job.id, { status: 'failed', error, error_code: code }, nowIso(), trx);
    await app.stores.contentJobs.enqueueRelease(trx, job.cid);
  });
  app.contentJobs.kick();
}

/** What a pin that finished after its job had ended leaves behind is released through the outbox. */
async function releaseLate(app: AppContext, cid: string): Promise<void> {
  await app.db.transaction().execute((trx) => app.stores.contentJobs.enqueueRelease(trx, cid));
  app.contentJobs.kick();
}

/** The peers a job was told to fetch from (Pinning Service API `origins`). */
function originsOf(job: PinJobRow): string[] | undefined {
  if (!job.origins) return undefined;
  const parsed: unknown = JSON.parse(job.origins);
  return Array.isArray(parsed) ? parsed.filter((addr): addr is string => typeof addr === 'string') : undefined;
}

async function runJob(app: AppContext, job: PinJobRow, signal: AbortSignal): Promise<void> {
  const user = await app.stores.users.findById(job.user_id);
  if (!user) return app.stores.pinJobs.update(job.id, { status: 'failed', error: 'Account not found', error_code: 'not_found' }, nowIso());
  if (job.attempts > MAX_PIN_ATTEMPTS) {
    return failJob(app, job, 'Pinning was interrupted too many times', 'pin_failed');
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
          void app.stores.pinJobs.update(
            job.id,
            { bytes_fetched: progress.bytesFetched ?? 0, blocks: progress.blocks, heartbeat_at: nowIso() },
            nowIso(),
          );
        },
      },
      () => void releaseLate(app, job.cid).catch(() => undefined),
    );
    crashPoint('pin-job-pinned');
    const stat = await app.content.stat(job.cid);
    // What was fetched and is held, whatever the DAG's metadata claims; a walk that cannot finish
    // gives up within the pin's own time.
    const held = await app.content.dagBytes(job.cid, { signal: AbortSignal.any([signal, AbortSignal.timeout(app.config.pinTimeoutMs)]) });
    const chargedBytes = storedCharge(stat.size, held);
    const category =
      stat.type === 'directory'
        ? await storedFolderCategory(app.content, job.cid)
        : detectCategory(await storedHead(app.content, job.cid), job.original_name ?? '');
    const { upload, duplicate } = await contentRecorder(
      app,
      user,
      {
        cid: job.cid,
        size: stat.size,
        chargedBytes,
        type: recordType(stat.type),
        category,
        filesCount: stat.files,
        originalName: job.original_name,
        customName: job.custom_name,
        source: 'pin',
      },
      null,
    );
    // The final totals: progress is written at most twice a second while fetching.
    const finished = await app.stores.pinJobs.finishPinned(
      job.id,
      { upload_id: upload.id, error: null, error_code: null, bytes_fetched: pinned.bytesFetched ?? 0, blocks: pinned.blocks },
      nowIso(),
    );
    if (!finished) {
      // The request was withdrawn while the content was being fetched: the record it made goes too.
      if (!duplicate) await removeUploadIfPresent(app, user, upload, '');
      return;
    }
    if (!duplicate) {
      await auditRecorder(app, { action: 'pin', user, details: { cid: job.cid, size: stat.size, chargedBytes, uploadId: upload.id } });
    }
    await psaReplacementFinisher(app, job.id).catch((error: unknown) =>
      app.logger.error('pin replacement failed', { jobId: job.id, error: String(error) }),
    );
  } catch (error) {
    const known = error instanceof AppError;
    if (!known) {
      app.logger.error('pin job failed', { jobId: job.id, cid: job.cid, error: String(error) });
      app.metrics.engineError('pin');
    }
    await failJob(app, job, known ? error.message : 'Pinning failed', known ? error.code : 'pin_failed');
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

  async function loop(): Promise<void> {
    while (!stopped) {
      const job = await claim().catch((error: unknown) => {
        app.logger.error('pin job claim failed', { error: String(error) });
        return undefined;
      });
      if (!job) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, IDLE_POLL_MS).unref();
          function done() {
            clearTimeout(timer);
            sleepers.delete(done);
            resolve();
          }
          sleepers.add(done);
        });
        continue;
      }
      const beat = setInterval(
        () => void app.stores.pinJobs.update(job.id, { heartbeat_at: nowIso() }, nowIso()).catch(() => undefined),
        Math.min(HEARTBEAT_MS, app.config.leaseMs / 4),
      );
      try {
        await runJob(app, job, abort.signal);
      } finally {
        clearInterval(beat);
      }
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
    async stop() {
      stopped = true;
      abort.abort();
      for (const wake of [...sleepers]) wake();
      await Promise.allSettled([...running]);
    },
  };
}
