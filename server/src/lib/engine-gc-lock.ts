import { randomUUID } from 'node:crypto';
import type { ImportHold, ImportHolds } from '../content/types';
import type { LeaseStore } from '../stores/lease-store';
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

const iso = (ms: number) => new Date(ms).toISOString();

async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** A lease row renewed every third of its length until released (once). */
function renewed(leases: LeaseStore, name: string, owner: string, leaseMs: number): { release(): Promise<void> } {
  const timer = setInterval(
    () => void leases.renew(name, owner, iso(Date.now() + leaseMs)).catch(() => undefined),
    Math.max(leaseMs / 3, 100),
  );
  timer.unref();
  let released: Promise<void> | undefined;
  return {
    release() {
      clearInterval(timer);
      // If the database is out of reach, the row expires on its own after `leaseMs`.
      released ??= leases.release(name, owner).catch(() => undefined);
      return released;
    },
  };
}

/**
 * Import holds of this instance (`owner`): a lease row `engine-import:<uuid>` each, renewed while
 * the import runs; one left by a dead instance expires after `leaseMs` and stops counting.
 */
export function createImportHolds(leases: LeaseStore, owner: string, leaseMs: number, waitMs = IMPORT_WAIT_MS): ImportHolds {
  return {
    async take(signal): Promise<ImportHold> {
      const name = `${HOLD_PREFIX}${randomUUID()}`;
      const deadline = Date.now() + waitMs;
      for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
        signal?.throwIfAborted();
        await leases.acquire(name, owner, iso(Date.now()), iso(Date.now() + leaseMs));
        if (!(await leases.isHeld(GC_LEASE, iso(Date.now())))) return renewed(leases, name, owner, leaseMs);
        // A collection runs: step back so that it can finish, and come back after it.
        await leases.release(name, owner);
        if (Date.now() > deadline) {
          throw new AppError(
            503,
            'engine_gc_running',
            'The storage engine is collecting garbage: please try again in a few minutes',
            undefined,
            { 'Retry-After': '60' },
          );
        }
        await sleep(delay, signal);
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
export async function takeCollectionLock(leases: LeaseStore, owner: string, leaseMs: number): Promise<CollectionLock | null> {
  if (!(await leases.acquire(GC_LEASE, owner, iso(Date.now()), iso(Date.now() + leaseMs)))) return null;
  const lease = renewed(leases, GC_LEASE, owner, leaseMs);
  return {
    async drained(drainMs, signal) {
      const deadline = Date.now() + drainMs;
      await leases.pruneExpired(HOLD_PREFIX, iso(Date.now()));
      for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
        if ((await leases.countHeld(HOLD_PREFIX, iso(Date.now()))) === 0) return true;
        if (Date.now() > deadline) return false;
        await sleep(delay, signal);
      }
    },
    release: () => lease.release(),
  };
}
