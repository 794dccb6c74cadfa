import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { createDb, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';

/** The PostgreSQL server tests use (CI starts it); each test server gets a database of its own. */
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://cairn_test:cairn_test@127.0.0.1:5432/postgres';

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cairn_test_${crypto.randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * A database of `driver` of its own, not migrated, for a test of the migrations themselves: a fresh
 * PostgreSQL database, or a SQLite file in a temporary directory. `close` removes it.
 */
export async function emptyTestDb(driver: 'sqlite' | 'pg'): Promise<{ db: Db; close(): Promise<void> }> {
  if (driver === 'pg') {
    const database = await createTestDatabase();
    const db = createDb({ driver: 'pg', url: database.url });
    return { db, close: () => db.destroy().then(() => database.drop()) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-db-'));
  const db = createDb({ driver: 'sqlite', file: path.join(dir, 'cairn.sqlite') });
  return { db, close: () => db.destroy().then(() => fs.rmSync(dir, { recursive: true, force: true })) };
}

/**
 * A migrated database of `driver` of its own, for a test that talks to the stores without a
 * server (see `emptyTestDb`).
 */
export async function migratedTestDb(driver: 'sqlite' | 'pg'): Promise<{ db: Db; close(): Promise<void> }> {
  const opened = await emptyTestDb(driver);
  await migrateToLatest(opened.db);
  return opened;
}

/** A migrator over every migration, for a test that takes them down and up. */
export const testMigrator = (db: Db) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** The definitions of a PostgreSQL table's indexes, one a line (`CREATE INDEX … ON public.<table> USING …`). */
export async function pgIndexDefinitions(db: Db, table: string): Promise<string> {
  const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = ${table}`.execute(db);
  return rows.map((row) => row.indexdef).join('\n');
}
