import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedTestDb, pgIndexDefinitions, testMigrator } from '../../../test/pg';
import type { Db } from '../database';

const ACCOUNT_INDEX = /uploads_user_name_trigrams ON public.uploads USING gin \(user_id, lower\(name\) gin_trgm_ops\)/;
const EVERY_ACCOUNT_INDEX = /uploads_name_trigrams ON public.uploads USING gin \(lower\(name\) gin_trgm_ops\)/;

describe("migration 0034: the trigram index of the names, the account's first, on PostgreSQL", () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await migratedTestDb('pg'));
  });
  afterAll(() => close());

  it('replaces the index of every account, gives it back when undone and replaces it again', async () => {
    expect(await pgIndexDefinitions(db, 'uploads')).toMatch(ACCOUNT_INDEX);
    expect(await pgIndexDefinitions(db, 'uploads')).not.toMatch(EVERY_ACCOUNT_INDEX);
    const migrator = testMigrator(db);
    expect((await migrator.migrateTo('0033-request-limits')).error).toBeUndefined();
    expect(await pgIndexDefinitions(db, 'uploads')).not.toMatch(ACCOUNT_INDEX);
    expect(await pgIndexDefinitions(db, 'uploads')).toMatch(EVERY_ACCOUNT_INDEX);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await pgIndexDefinitions(db, 'uploads')).toMatch(ACCOUNT_INDEX);
    expect(await pgIndexDefinitions(db, 'uploads')).not.toMatch(EVERY_ACCOUNT_INDEX);
  });
});
