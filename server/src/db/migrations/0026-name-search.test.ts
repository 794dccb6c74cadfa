import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedTestDb } from '../../../test/pg';
import type { Db } from '../database';
import { migrations } from './index';

describe('migration 0026: a trigram index of the record names on PostgreSQL', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await migratedTestDb('pg'));
  });
  afterAll(() => close());

  const indexes = async () =>
    (await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = 'uploads'`.execute(db)).rows
      .map((row) => row.indexdef)
      .join('\n');

  // 0034 replaces it with an index of the account's names: the migrations are taken to 0033.
  it('has the index after the migration, and none once it is undone', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0033-request-limits')).error).toBeUndefined();
    expect(await indexes()).toMatch(/uploads_name_trigrams ON public.uploads USING gin \(lower\(name\) gin_trgm_ops\)/);
    expect((await migrator.migrateTo('0025-private-records')).error).toBeUndefined();
    expect(await indexes()).not.toContain('uploads_name_trigrams');
    expect((await migrator.migrateTo('0033-request-limits')).error).toBeUndefined();
    expect(await indexes()).toMatch(/uploads_name_trigrams ON public.uploads USING gin \(lower\(name\) gin_trgm_ops\)/);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
