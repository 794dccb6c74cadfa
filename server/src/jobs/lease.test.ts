import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../test/clock';
import { eventually } from '../../test/eventually';
import { DRIVERS } from '../../test/harness';
import { migratedTestDb } from '../../test/pg';
import type { Db } from '../db/database';
import { createLeaseStore, type LeaseStore } from '../stores/lease-store';
import { isoAt } from './clock';
import { holdLease, renewEvery, takeLease, type LeaseRow } from './lease';

const LEASE_MS = 3_000;

describe.each(DRIVERS)('a named lease (%s)', (driver) => {
  let db: Db;
  let leases: LeaseStore;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close: cleanup } = await migratedTestDb(driver));
    leases = createLeaseStore(db);
  });
  afterAll(() => cleanup());

  const expiresAt = async (name: string) =>
    (await db.selectFrom('leases').select('expires_at').where('name', '=', name).executeTakeFirst())?.expires_at;

  it('is held by one owner at a time, renewed while held, and free once released', async () => {
    const clock = manualClock();
    const timing = { clock, leaseMs: LEASE_MS };
    const a = await takeLease(leases, 'claim', 'a', timing);
    expect(a).not.toBeNull();
    expect(await takeLease(leases, 'claim', 'b', timing)).toBeNull();
    expect(await expiresAt('claim')).toBe(isoAt(clock.now() + LEASE_MS));

    // Each third of the lease, its holder writes a new expiry: it outlives its first one.
    for (let i = 1; i <= 4; i++) {
      clock.advance(renewEvery(LEASE_MS));
      // Renewed, and waiting for the next third (the write can be seen before the wait is set).
      await eventually(
        'the lease is renewed',
        async () => clock.waiting === 1 && (await expiresAt('claim')) === isoAt(clock.now() + LEASE_MS),
      );
    }
    expect(await takeLease(leases, 'claim', 'b', timing)).toBeNull();
    expect(a!.lost.aborted).toBe(false);

    await a!.release();
    await a!.release();
    expect(await expiresAt('claim')).toBeUndefined();
    const b = await takeLease(leases, 'claim', 'b', timing);
    expect(b).not.toBeNull();
    await b!.release();
  });

  it('passes to another owner once its holder stopped renewing for a whole lease (a crashed holder)', async () => {
    const clock = manualClock();
    const timing = { clock, leaseMs: LEASE_MS };
    const dead = await takeLease(leases, 'expiry', 'dead', timing);
    dead!.stop();
    clock.advance(LEASE_MS - 1);
    expect(await takeLease(leases, 'expiry', 'b', timing)).toBeNull();
    clock.advance(2);
    const b = await takeLease(leases, 'expiry', 'b', timing);
    expect(b).not.toBeNull();
    // The dead holder's late release gives back nothing of the new holder's.
    await dead!.release();
    expect(await expiresAt('expiry')).toBeDefined();
    await b!.release();
  });

  it('tells its holder at the next renewal that another owner took it', async () => {
    const clock = manualClock();
    const a = await takeLease(leases, 'taken', 'a', { clock, leaseMs: LEASE_MS });
    await db.updateTable('leases').set({ owner: 'b' }).where('name', '=', 'taken').execute();
    clock.advance(renewEvery(LEASE_MS));
    await eventually('the holder knows it lost the lease', () => a!.lost.aborted);
    await a!.release();
    // Its release leaves the new owner's row alone.
    expect(await db.selectFrom('leases').select('owner').where('name', '=', 'taken').executeTakeFirst()).toEqual({ owner: 'b' });
  });
});

describe('holding a lease on any row', () => {
  it('checks between renewals, when asked, that the row is still its holder’s', async () => {
    const clock = manualClock();
    let held = true;
    let renewals = 0;
    const row: LeaseRow = { renew: async () => (renewals++, true), held: async () => held };
    const lease = holdLease(row, { clock, leaseMs: 3_000, watchMs: 100 });
    clock.advance(100);
    await eventually('the first check is done', () => clock.waiting === 1);
    expect(lease.lost.aborted).toBe(false);
    expect(renewals).toBe(0);
    held = false;
    clock.advance(100);
    await eventually('the holder knows it lost the lease', () => lease.lost.aborted);
    expect(renewals).toBe(0);
  });

  it('keeps trying while the database is out of reach, and gives up only after a whole lease', async () => {
    const clock = manualClock();
    const errors: unknown[] = [];
    let reachable = false;
    const row: LeaseRow = {
      renew: async () => {
        if (!reachable) throw new Error('connection refused');
        return true;
      },
    };
    const lease = holdLease(row, { clock, leaseMs: 3_000, onError: (error) => errors.push(error) });
    clock.advance(1_000);
    await eventually('the renewal failed', () => errors.length === 1 && clock.waiting === 1);
    reachable = true;
    clock.advance(1_000);
    await eventually('the renewal went through', () => clock.waiting === 1);
    reachable = false;
    for (let i = 0; i < 2; i++) {
      clock.advance(1_000);
      await eventually('the renewal failed', () => clock.waiting === 1);
    }
    expect(lease.lost.aborted).toBe(false);
    clock.advance(1_000);
    await eventually('the lease lapsed', () => lease.lost.aborted);
    expect(errors).toHaveLength(4);
  });

  it('gives the row back once, after its last renewal is over', async () => {
    const clock = manualClock();
    let releases = 0;
    const lease = holdLease({ renew: async () => true, release: async () => void releases++ }, { clock, leaseMs: 3_000 });
    await Promise.all([lease.release(), lease.release()]);
    expect(releases).toBe(1);
    expect(clock.waiting).toBe(0);
  });
});
