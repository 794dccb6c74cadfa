import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/pg';
import { DRIVERS } from '../../../test/harness';
import { createDb, type Db } from '../database';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

describe.each(DRIVERS)('migration 0029: gateway bandwidth and plan egress allowances (%s)', (driver) => {
  let db: Db | undefined;
  let cleanUp: () => Promise<void> = async () => undefined;
  afterEach(async () => {
    await db?.destroy();
    await cleanUp();
  });

  async function open(): Promise<Db> {
    if (driver === 'pg') {
      const database = await createTestDatabase();
      cleanUp = database.drop;
      db = createDb({ driver: 'pg', url: database.url });
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-0029-'));
      cleanUp = async () => fs.rmSync(dir, { recursive: true, force: true });
      db = createDb({ driver: 'sqlite', file: path.join(dir, 'cairn.sqlite') });
    }
    return db;
  }

  it('gives existing plans no allowance, and goes down and up again', async () => {
    const db = await open();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
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
