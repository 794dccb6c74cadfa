import type { LeaseStore } from '../stores/lease-store';
import { takeLease, type LeaseTiming } from '../jobs/lease';
import { newId } from './ids';
import { AppError } from './errors';
import { createKeyedLock, type KeyedLock } from './keyed-lock';

/** Longest a caller waits for a name another instance holds before giving up with a 503. */
const WAIT_MS = 30_000;

/**
 * A keyed lock that holds across every instance of the deployment: waiters of this process queue
 * in memory (no polling among themselves), and the queue's head takes a lease row in the shared
 * database, renewed while the work runs. A holder killed mid-work loses the lease after `leaseMs`.
 */
export function createSharedLock(leases: LeaseStore, timing: LeaseTiming): KeyedLock {
  const local = createKeyedLock();
  const owner = newId();
  const { clock } = timing;

  async function take(name: string) {
    const deadline = clock.now() + WAIT_MS;
    for (let delay = 10; ; delay = Math.min(delay * 2, 250)) {
      const lease = await takeLease(leases, name, owner, timing);
      if (lease) return lease;
      if (clock.now() > deadline) throw new AppError(503, 'busy', 'This content is being changed by another request: try again');
      await clock.sleep(delay);
    }
  }

  return (key, work) =>
    local(key, async () => {
      const lease = await take(key);
      try {
        return await work();
      } finally {
        await lease.release();
      }
    });
}
