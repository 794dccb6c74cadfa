import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

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
 * A migrated database of `driver` of its own, for a test that talks to the stores without a
 * server: a fresh PostgreSQL database, or a SQLite file in a temporary directory. `close` removes it.
 */
export async function migratedTestDb(driver: 'sqlite' | 'pg'): Promise<{ db: Db; close(): Promise<void> }> {
  let db: Db;
  let close: () => Promise<void>;
  if (driver === 'pg') {
    const database = await createTestDatabase();
    db = createDb({ driver: 'pg', url: database.url });
    close = () => db.destroy().then(() => database.drop());
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-db-'));
    db = createDb({ driver: 'sqlite', file: path.join(dir, 'cairn.sqlite') });
    close = () => db.destroy().then(() => fs.rmSync(dir, { recursive: true, force: true }));
  }
  await migrateToLatest(db);
  return { db, close };
}
