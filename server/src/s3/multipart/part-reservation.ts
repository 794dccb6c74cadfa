import { quotaExceeded } from '../../commands/quota/lib/quota-reservation';
import { storageLimit } from '../../commands/quota/lib/storage-limit';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { isoAt } from '../../jobs/clock';
import { holdLease } from '../../jobs/lease';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';

/** Reserving ahead in steps keeps the database out of the hot path of a fast part. */
const STEP_BYTES = 16 * 1024 * 1024;

export interface PartReservation {
  /** Reserves quota up to `total` bytes of the part; QuotaExceeded when it does not fit. */
  grow(total: number): Promise<void>;
  /** Drops the reservation in `trx`, the one that charges the part's row in its place. */
  settle(trx: Db): Promise<void>;
  /** Gives it back after a failure. Idempotent. */
  cancel(): Promise<void>;
}

/**
 * The quota of one part while its bytes stream in, as a streaming upload's: a `quota_reservations`
 * row that grows through the same conditional UPDATE of the account (so a full account is refused
 * at the byte that does not fit) and beats while the part streams, so the maintenance sweep frees
 * it if this process dies. Once the part is on disk its row carries the charge instead, for as long
 * as the upload lives (see `multipart-store.ts`): a row of `quota_reservations` could not, since
 * the sweep frees every one that stops beating for a lease, and every live one counts against the
 * account's limit of uploads streaming at once. A part is not counted against that limit when it
 * opens (S3 clients send several parts at once; aws-cli ten): its bytes are bounded by the quota.
 */
export async function partReservation(app: AppContext, user: UserRow): Promise<PartReservation> {
  const id = newId();
  const limit = await storageLimit(app, user);
  await app.stores.quota.open(id, user.id, nowIso());
  let reserved = 0;
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
  const fits = (bytes: number) => app.stores.quota.grow(id, user.id, bytes, limit, nowIso());
  return {
    async grow(total) {
      if (total <= reserved) return;
      const need = total - reserved;
      if (await fits(Math.max(need, STEP_BYTES))) reserved += Math.max(need, STEP_BYTES);
      else if (await fits(need)) reserved += need;
      else throw quotaExceeded();
    },
    async settle(trx) {
      lease.stop();
      await app.stores.quota.release(trx, id);
    },
    async cancel() {
      lease.stop();
      await app.db.transaction().execute((trx) => app.stores.quota.release(trx, id));
    },
  };
}
