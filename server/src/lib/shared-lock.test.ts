import { describe, expect, it } from 'vitest';
import { manualClock } from '../../test/clock';
import { eventually } from '../../test/eventually';
import { createTestDatabase } from '../../test/pg';
import { createDb } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createLeaseStore, type LeaseStore } from '../stores/lease-store';
import { isoAt, systemClock } from '../jobs/clock';
import { createSharedLock } from './shared-lock';

/** An instance's lease store that counts the takes it was refused: how a test sees that it waited. */
function countingRefusals(store: LeaseStore) {
  const counted = {
    refused: 0,
    store: {
      ...store,
      async acquire(...args: Parameters<LeaseStore['acquire']>) {
        const taken = await store.acquire(...args);
        if (!taken) counted.refused++;
        return taken;
      },
    },
  };
  return counted;
}

/** Two instances of a deployment: two connection pools on one PostgreSQL database, one lock each. */
describe('the lock shared by instances through the database', () => {
  it('never lets two instances hold one name at once, and hands a dead holder’s name on after its lease', async () => {
    const database = await createTestDatabase();
    const a = createDb({ driver: 'pg', url: database.url });
    const b = createDb({ driver: 'pg', url: database.url });
    try {
      await migrateToLatest(a);
      const instances = { a: countingRefusals(createLeaseStore(a)), b: countingRefusals(createLeaseStore(b)) };
      const lockA = createSharedLock(instances.a.store, { clock: systemClock, leaseMs: 2_000 });
      const lockB = createSharedLock(instances.b.store, { clock: systemClock, leaseMs: 2_000 });
      let inside = 0;
      let most = 0;
      const order: string[] = [];
      const unstarted = { a: 3, b: 3 };
      const work = (who: 'a' | 'b', i: number) => async () => {
        unstarted[who]--;
        inside++;
        most = Math.max(most, inside);
        order.push(`${who}${i}+`);
        // Held until the other instance, while it has work left, has been refused the name meanwhile
        // (or has come in too, which `most` then reports).
        const other = who === 'a' ? 'b' : 'a';
        const refused = instances[other].refused;
        await eventually(`${other} is held off`, () => inside > 1 || unstarted[other] === 0 || instances[other].refused > refused);
        order.push(`${who}${i}-`);
        inside--;
      };
      await Promise.all([1, 2, 3].flatMap((i) => [lockA('cid:x', work('a', i)), lockB('cid:x', work('b', i))]));
      expect(most).toBe(1);
      expect(order).toHaveLength(12);
      // Another name is not held up by it.
      await expect(lockB('cid:y', async () => 'free')).resolves.toBe('free');

      // A holder that dies keeps its lease until it expires; then the other instance takes it.
      const clock = manualClock(Date.now());
      const lockLater = createSharedLock(instances.b.store, { clock, leaseMs: 2_000 });
      const expiry = clock.now() + 900;
      expect(await createLeaseStore(a).acquire('cid:z', 'dead-instance', isoAt(clock.now()), isoAt(expiry))).toBe(true);
      let ran = false;
      let refused = instances.b.refused;
      const taking = lockLater('cid:z', async () => {
        ran = true;
      });
      while (clock.now() < expiry) {
        await eventually('B is refused and waits to try again', () => ran || (instances.b.refused > refused && clock.waiting === 1));
        expect(ran).toBe(false);
        refused = instances.b.refused;
        clock.advance(250); // the longest pause between two tries
      }
      await taking;
      expect(ran).toBe(true);
      expect(await b.selectFrom('leases').selectAll().execute()).toEqual([]);
    } finally {
      await a.destroy();
      await b.destroy();
      await database.drop();
    }
  }, 30_000);
});
