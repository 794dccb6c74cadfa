import type { LeaseStore } from '../stores/lease-store';
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
export function createSharedLock(leases: LeaseStore, leaseMs: number): KeyedLock {
  const local = createKeyedLock();
  const owner = newId();
  const until = () => new Date(Date.now() + leaseMs).toISOString();

  async function take(name: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    for (let delay = 10; ; delay = Math.min(delay * 2, 250)) {
      if (await leases.acquire(name, owner, new Date().toISOString(), until())) return;
      if (Date.now() > deadline) throw new AppError(503, 'busy', 'This content is being changed by another request: try again');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  return (key, work) =>
    local(key, async () => {
      await take(key);
      const renew = setInterval(() => void leases.renew(key, owner, until()).catch(() => undefined), Math.max(leaseMs / 3, 100));
      try {
        return await work();
      } finally {
        clearInterval(renew);
        await leases.release(key, owner).catch(() => undefined);
      }
    });
}
