import { randomUUID } from 'node:crypto';
import type { ImportHold, ImportHolds } from '../content/types';
import type { LeaseStore } from '../stores/lease-store';
import { isoAt } from '../jobs/clock';
import { takeLease, type LeaseTiming } from '../jobs/lease';
import { AppError } from './errors';

/**
 * A readers–writer lock in the database between engine imports (readers: many at once, over every
 * instance) and the engine's garbage collection (the writer: one at a time, with no import). Each
 * side first writes its own row, then reads the other side's: with single-statement writes,
 * whichever writes second sees the first, so an import and a collection never both proceed.
 */
export const GC_LEASE = 'engine-gc';
export const HOLD_PREFIX = 'engine-import:';

/** Longest an import waits for a running collection before it fails with a 503. */
const IMPORT_WAIT_MS = 10 * 60_000;

/**
 * Import holds of this instance (`owner`): a lease row `engine-import:<uuid>` each, renewed while
 * the import runs; one left by a dead instance expires after `leaseMs` and stops counting.
 */
export function createImportHolds(leases: LeaseStore, owner: string, timing: LeaseTiming, waitMs = IMPORT_WAIT_MS): ImportHolds {
  const { clock } = timing;
  return {
    async take(signal): Promise<ImportHold> {
      const name = `${HOLD_PREFIX}${randomUUID()}`;
      const deadline = clock.now() + waitMs;
      for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
        signal?.throwIfAborted();
        const hold = await takeLease(leases, name, owner, timing);
        if (hold && !(await leases.isHeld(GC_LEASE, isoAt(clock.now())))) return hold;
        // A collection runs: step back so that it can finish, and come back after it.
        await hold?.release();
        if (clock.now() > deadline) {
          throw new AppError(
            503,
            'engine_gc_running',
            'The storage engine is collecting garbage: please try again in a few minutes',
            undefined,
            { 'Retry-After': '60' },
          );
        }
        await clock.sleep(delay, signal);
      }
    },
  };
}

export interface CollectionLock {
  /**
   * Waits until no unexpired import hold remains, at most `drainMs`; false if they did not drain.
   * New imports wait meanwhile.
   */
  drained(drainMs: number, signal?: AbortSignal): Promise<boolean>;
  release(): Promise<void>;
}

/** Takes the collection lease for `owner`, renewed until released; null when a collection holds it. */
export async function takeCollectionLock(leases: LeaseStore, owner: string, timing: LeaseTiming): Promise<CollectionLock | null> {
  const { clock } = timing;
  const lease = await takeLease(leases, GC_LEASE, owner, timing);
  if (!lease) return null;
  return {
    async drained(drainMs, signal) {
      const deadline = clock.now() + drainMs;
      await leases.pruneExpired(HOLD_PREFIX, isoAt(clock.now()));
      for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
        if ((await leases.countHeld(HOLD_PREFIX, isoAt(clock.now()))) === 0) return true;
        if (clock.now() > deadline) return false;
        await clock.sleep(delay, signal);
        signal?.throwIfAborted();
      }
    },
    release: () => lease.release(),
  };
}
