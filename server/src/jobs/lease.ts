import type { LeaseStore } from '../stores/lease-store';
import { isoAt, type Clock } from './clock';

/**
 * Where one lease is kept: a row that says who holds something until when (an outbox job in
 * `jobs`, a named lock in `leases`, an upload's quota reservation, an instance's row).
 */
export interface LeaseRow {
  /** Extends the lease to `until`; false when its holder is no longer this one (taken over, withdrawn, gone). */
  renew(now: number, until: number): Promise<boolean>;
  /** Whether this holder still holds it, read without writing; checked between renewals when asked to. */
  held?(now: number): Promise<boolean>;
  /** Gives it back; if this fails, the lease expires on its own. */
  release?(): Promise<void>;
}

export interface Lease {
  /** Aborted once the lease is known to be lost: its row says another holder, or no renewal went through for a whole lease. */
  readonly lost: AbortSignal;
  /** Stops renewing and gives the lease back (once); idempotent. */
  release(): Promise<void>;
  /** Stops renewing and leaves the row as it is (its holder wrote what it had to). */
  stop(): void;
}

export interface LeaseTiming {
  clock: Clock;
  /** How long a lease lasts unrenewed: after this, another instance may take it. */
  leaseMs: number;
  /** Between renewals, how often to check (by reading) that the lease is still this holder's. */
  watchMs?: number;
  /** A renewal that failed (the database out of reach): the lease is kept trying until it lapses. */
  onError?: (error: unknown) => void;
}

/** How often every lease is renewed: three renewals fit in one lease, so one late write loses nothing. */
export const renewEvery = (leaseMs: number): number => Math.max(leaseMs / 3, 100);

/**
 * Keeps a lease that its holder has just taken: renews it every third of its length and, with
 * `watchMs`, checks in between that nobody took it. The one lease primitive of the server: a job
 * and a lock, a streaming upload's quota and an instance's presence are all held this way.
 */
export function holdLease(row: LeaseRow, timing: LeaseTiming): Lease {
  const { clock, leaseMs } = timing;
  const lost = new AbortController();
  const stopping = new AbortController();
  const renewMs = renewEvery(leaseMs);
  const tickMs = timing.watchMs !== undefined && row.held ? Math.min(timing.watchMs, renewMs) : renewMs;
  let renewedAt = clock.now();
  let renewDueAt = renewedAt + renewMs;
  let released: Promise<void> | undefined;

  async function tick(): Promise<void> {
    const now = clock.now();
    const renewing = now >= renewDueAt || !row.held;
    try {
      const mine = renewing ? await row.renew(now, now + leaseMs) : await row.held!(now);
      if (!mine) return lost.abort(new Error('The lease was lost'));
      if (renewing) {
        renewedAt = now;
        renewDueAt = now + renewMs;
      }
    } catch (error) {
      timing.onError?.(error);
      // Unrenewed for a whole lease: another instance may hold it now.
      if (clock.now() - renewedAt >= leaseMs) lost.abort(new Error('The lease lapsed'));
    }
  }

  const keeping = (async () => {
    while (!stopping.signal.aborted && !lost.signal.aborted) {
      await clock.sleep(tickMs, stopping.signal);
      if (stopping.signal.aborted) break;
      await tick();
    }
  })();

  return {
    lost: lost.signal,
    stop() {
      stopping.abort();
    },
    release() {
      stopping.abort();
      released ??= keeping.then(() => row.release?.()).catch(() => undefined);
      return released;
    },
  };
}

/** A named lease in `leases` (a lock over every instance): `owner` holds `name`. */
export function namedLeaseRow(leases: LeaseStore, name: string, owner: string): LeaseRow {
  return {
    renew: (_now, until) => leases.renew(name, owner, isoAt(until)),
    release: () => leases.release(name, owner),
  };
}

/** Takes the named lease if it is free or expired, and keeps it until released; null when another holds it. */
export async function takeLease(leases: LeaseStore, name: string, owner: string, timing: LeaseTiming): Promise<Lease | null> {
  const now = timing.clock.now();
  if (!(await leases.acquire(name, owner, isoAt(now), isoAt(now + timing.leaseMs)))) return null;
  return holdLease(namedLeaseRow(leases, name, owner), timing);
}
