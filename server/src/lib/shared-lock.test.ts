import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/pg';
import { createDb } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createLeaseStore } from '../stores/lease-store';
import { systemClock } from '../jobs/clock';
import { createSharedLock } from './shared-lock';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two instances of a deployment: two connection pools on one PostgreSQL database, one lock each. */
describe('the lock shared by instances through the database', () => {
  it('never lets two instances hold one name at once, and hands a dead holder’s name on after its lease', async () => {
    const database = await createTestDatabase();
    const a = createDb({ driver: 'pg', url: database.url });
    const b = createDb({ driver: 'pg', url: database.url });
    try {
      await migrateToLatest(a);
      const lockA = createSharedLock(createLeaseStore(a), { clock: systemClock, leaseMs: 2_000 });
      const lockB = createSharedLock(createLeaseStore(b), { clock: systemClock, leaseMs: 2_000 });
      let inside = 0;
      let most = 0;
      const order: string[] = [];
      const work = (who: string) => async () => {
        inside++;
        most = Math.max(most, inside);
        order.push(`${who}+`);
        await sleep(50);
        order.push(`${who}-`);
        inside--;
      };
      await Promise.all([1, 2, 3].flatMap((i) => [lockA('cid:x', work(`a${i}`)), lockB('cid:x', work(`b${i}`))]));
      expect(most).toBe(1);
      expect(order).toHaveLength(12);
      // Another name is not held up by it.
      await expect(lockB('cid:y', async () => 'free')).resolves.toBe('free');

      // A holder that dies keeps its lease until it expires; then the other instance takes it.
      const leases = createLeaseStore(a);
      const now = Date.now();
      expect(await leases.acquire('cid:z', 'dead-instance', new Date(now).toISOString(), new Date(now + 1_000).toISOString())).toBe(true);
      const started = Date.now();
      await lockB('cid:z', async () => undefined);
      expect(Date.now() - started).toBeGreaterThanOrEqual(700);
      expect(await b.selectFrom('leases').selectAll().execute()).toEqual([]);
    } finally {
      await a.destroy();
      await b.destroy();
      await database.drop();
    }
  }, 30_000);
});
