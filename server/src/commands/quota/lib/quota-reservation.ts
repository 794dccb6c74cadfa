import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import type { Db } from '../../../db/database';
import { isoAt } from '../../../jobs/clock';
import { holdLease } from '../../../jobs/lease';
import { crashPoint } from '../../../lib/crash-point';
import { AppError } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { nowIso } from '../../../lib/time';
import { storageLimit } from './storage-limit';

/** Reserving ahead in steps keeps the database out of the hot path of a fast upload. */
const STEP_BYTES = 16 * 1024 * 1024;

/** Seconds a client is told to wait when its account already has as many uploads as allowed running. */
const BUSY_RETRY_SECONDS = 2;

const tooManyUploads = (max: number) =>
  new AppError(429, 'too_many_uploads', `At most ${max} uploads per account at a time: wait for one to finish`, undefined, {
    'Retry-After': String(BUSY_RETRY_SECONDS),
  });

export const quotaExceeded = () => new AppError(403, 'quota_exceeded', 'Storage quota exceeded: delete files or upgrade your plan');

export interface QuotaReservation {
  /** The reservation's row; an upload's claims on what it pinned point at it. */
  readonly id: string;
  /** The account's storage limit when the reservation was opened. */
  readonly limit: number;
  /** Outbox jobs releasing what this upload pinned, due once the reservation is gone. */
  readonly claims: string[];
  /**
   * Claims a CID the engine pins for this upload, before its record exists (given to the engine as
   * `beforePin`): if the upload fails or its process dies, the outbox unpins it unless something
   * else references it. Once per CID.
   */
  claim(cid: string): Promise<void>;
  /** The import's byte hook: reserves more quota as bytes arrive, throws 403 when the limit is hit. */
  onBytes(delta: number, total: number): Promise<void>;
  /** Gives the reservation back, inside the transaction that records what was stored. */
  settle(trx: Db): Promise<void>;
  /** Gives the reservation back after a failure. Idempotent. */
  cancel(): Promise<void>;
  /**
   * Stops the heartbeat and leaves the reservation in place: once it is stale, the maintenance
   * sweep looks for what the engine pinned under its name, claims it, and gives the quota back.
   */
  leaveToSweep(): void;
  /** The same reservation for a record that is not the upload's last: settling or cancelling it keeps it open. */
  partial(): QuotaReservation;
}

/**
 * Opens a quota reservation for one streaming upload; 429 when the account already has
 * `uploadsPerAccount` uploads streaming, so one account cannot take every import worker.
 */
export async function quotaReservation(app: AppContext, user: UserRow): Promise<QuotaReservation> {
  const id = newId();
  const limit = await storageLimit(app, user);
  const now = Date.now();
  const max = app.config.uploadsPerAccount;
  const aliveSince = new Date(now - app.config.leaseMs).toISOString();
  if (!(await app.stores.quota.openWithin(id, user.id, new Date(now).toISOString(), max, aliveSince))) throw tooManyUploads(max);
  app.openReservations.add(id);
  let reserved = 0;
  // Kept alive while the upload streams; a beat that fails is logged and tried again, as the
  // sweep frees the reservation only once it has been silent for a whole lease.
  const lease = holdLease(
    {
      async renew(now) {
        await app.stores.quota
          .heartbeat(id, isoAt(now))
          .catch((error: unknown) => app.logger.warn('quota heartbeat failed', { error: String(error) }));
        return true;
      },
    },
    { clock: app.clock, leaseMs: app.config.leaseMs },
  );

  async function grow(total: number): Promise<void> {
    const need = total - reserved;
    const fits = (bytes: number) => app.stores.quota.grow(id, user.id, bytes, limit, nowIso());
    if (await fits(Math.max(need, STEP_BYTES))) reserved += Math.max(need, STEP_BYTES);
    else if (await fits(need)) reserved += need;
    else throw quotaExceeded();
  }

  const claimed = new Set<string>();
  const reservation: QuotaReservation = {
    id,
    limit,
    claims: [],
    async claim(cid) {
      if (claimed.has(cid)) return;
      claimed.add(cid);
      reservation.claims.push(await app.stores.contentJobs.enqueueRelease(app.db, cid, id));
      crashPoint('upload-claimed');
    },
    async onBytes(_delta, total) {
      if (total > reserved) await grow(total);
    },
    async settle(trx) {
      lease.stop();
      await app.stores.quota.release(trx, id);
      app.openReservations.delete(id);
    },
    async cancel() {
      lease.stop();
      await app.db.transaction().execute((trx) => app.stores.quota.release(trx, id));
      app.openReservations.delete(id);
    },
    leaveToSweep() {
      lease.stop();
      app.openReservations.delete(id);
    },
    partial: () => ({ ...reservation, settle: async () => undefined, cancel: async () => undefined, leaveToSweep: () => undefined }),
  };
  return reservation;
}

/**
 * Before a dead upload's reservation is dropped: claims what the engine pinned for the upload's
 * import before its claim (`AddOptions.recovery`, whose id is the reservation's), so the outbox
 * releases it unless a record holds it. False when the engine could not be asked: the reservation
 * must stay for the next sweep.
 */
export async function claimImportPins(app: AppContext, reservationId: string): Promise<boolean> {
  try {
    for (const cid of await app.content.pinnedByImport(reservationId)) {
      if (!(await app.stores.contentJobs.releasePending(cid, reservationId))) {
        await app.stores.contentJobs.enqueueRelease(app.db, cid, reservationId);
      }
    }
    return true;
  } catch (error) {
    app.logger.warn('could not look for the pins of a dead upload', { reservationId, error: String(error) });
    return false;
  }
}

/**
 * An upload gives up: its quota goes back, and what it pinned is released at once through the
 * outbox (whichever instance gets there first; a crash here leaves the jobs due for recovery).
 * After a failure the engine left `unsettled` (it may still have pinned the import before its
 * claim), the reservation is left to the sweep, which looks for that pin once the engine is done.
 */
export async function abandonUpload(app: AppContext, reservation: QuotaReservation, unsettled = false): Promise<void> {
  if (unsettled) {
    reservation.leaveToSweep();
    return;
  }
  await reservation.cancel();
  for (const job of reservation.claims) {
    await app.jobs.runNow(job).catch(() => app.jobs.kick('release'));
  }
}
