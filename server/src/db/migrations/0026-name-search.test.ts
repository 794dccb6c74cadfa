import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedTestDb, pgIndexDefinitions, testMigrator } from '../../../test/pg';
import type { Db } from '../database';

const INDEX = /uploads_name_trigrams ON public.uploads USING gin \(lower\(name\) gin_trgm_ops\)/;

describe('migration 0026: a trigram index of the record names on PostgreSQL', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await migratedTestDb('pg'));
  });
  afterAll(() => close());

  // 0034 replaces it with an index of the account's names: the migrations are taken to 0033.
  it('has the index after the migration, and none once it is undone', async () => {
    const migrator = testMigrator(db);
    expect((await migrator.migrateTo('0033-request-limits')).error).toBeUndefined();
    expect(await pgIndexDefinitions(db, 'uploads')).toMatch(INDEX);
    expect((await migrator.migrateTo('0025-private-records')).error).toBeUndefined();
    expect(await pgIndexDefinitions(db, 'uploads')).not.toContain('uploads_name_trigrams');
    expect((await migrator.migrateTo('0033-request-limits')).error).toBeUndefined();
    expect(await pgIndexDefinitions(db, 'uploads')).toMatch(INDEX);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
