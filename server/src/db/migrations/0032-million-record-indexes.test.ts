import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migratedTestDb, testMigrator } from '../../../test/pg';
import type { Db } from '../database';

const indexNames = async (db: Db, driver: 'sqlite' | 'pg'): Promise<string[]> => {
  const rows =
    driver === 'pg'
      ? (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename in ('users', 'uploads')`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name in ('users', 'uploads')`.execute(db))
          .rows;
  return rows.map((row) => row.name).sort();
};

describe.each(['sqlite', 'pg'] as const)('migration 0032: indexes for millions of records (%s)', (driver) => {
  it('adds the indexes, removes them when undone and adds them again', async () => {
    const { db, close } = await migratedTestDb(driver);
    try {
      const added =
        driver === 'pg' ? ['uploads_created', 'uploads_user_cid_prefix', 'users_created_id'] : ['uploads_created', 'users_created_id'];
      expect(await indexNames(db, driver)).toEqual(expect.arrayContaining(added));
      const migrator = testMigrator(db);
      expect((await migrator.migrateTo('0031-s3')).error).toBeUndefined();
      const undone = await indexNames(db, driver);
      for (const name of added) expect(undone).not.toContain(name);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await indexNames(db, driver)).toEqual(expect.arrayContaining(added));
    } finally {
      await close();
    }
  });
});
