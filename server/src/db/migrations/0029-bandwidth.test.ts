import { afterEach, describe, expect, it } from 'vitest';
import { emptyTestDb, testMigrator } from '../../../test/pg';
import { DRIVERS } from '../../../test/harness';
import type { Db } from '../database';
import { migrateToLatest } from '../migrate';

describe.each(DRIVERS)('migration 0029: gateway bandwidth and plan egress allowances (%s)', (driver) => {
  let close: () => Promise<void> = async () => undefined;
  afterEach(() => close());

  async function open(): Promise<Db> {
    const opened = await emptyTestDb(driver);
    close = opened.close;
    return opened.db;
  }

  it('gives existing plans no allowance, and goes down and up again', async () => {
    const db = await open();
    const migrator = testMigrator(db);
    expect((await migrator.migrateTo('0028-webhooks')).error).toBeUndefined();
    const before = (await db.selectFrom('plans').select('code').execute()).map((plan) => plan.code);
    expect(before.length).toBeGreaterThan(0);
    await migrateToLatest(db);
    const plans = await db.selectFrom('plans').select(['code', 'egress_limit_bytes', 'egress_over_limit']).execute();
    expect(plans.map((plan) => [plan.egress_limit_bytes, plan.egress_over_limit])).toEqual(before.map(() => [null, 'block']));
    expect(await db.selectFrom('bandwidth_daily').selectAll().execute()).toEqual([]);

    expect((await migrator.migrateTo('0028-webhooks')).error).toBeUndefined();
    await migrateToLatest(db);
    expect((await db.selectFrom('bandwidth_daily').selectAll().execute()).length).toBe(0);
  });
});
