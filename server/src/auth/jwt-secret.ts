import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DbConfig } from '../config/config';
import type { Db } from '../db/database';

const SECRET_NAME = 'jwt_signing_key';
const newSecret = () => crypto.randomBytes(48).toString('base64url');

/**
 * The signing key: JWT_SECRET when given. Otherwise, on PostgreSQL (which several instances
 * share) it is kept in the database, written by the first instance to start, so every instance
 * signs and verifies with the same key; on SQLite (one instance) it is `jwt-secret` in the data
 * directory, created on the first start with mode 0600. Either way sessions survive restarts
 * without any configuration.
 */
export async function loadJwtKey(configured: string | null, dataDir: string, db: Db, driver: DbConfig['driver']): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  return new TextEncoder().encode(await loadServerSecret(SECRET_NAME, 'jwt-secret', dataDir, db, driver));
}

/**
 * A random secret every instance shares, made on first use: on PostgreSQL a row of
 * `server_secrets`, on SQLite the file `fileName` in the data directory (mode 0600).
 */
export async function loadServerSecret(
  name: string,
  fileName: string,
  dataDir: string,
  db: Db,
  driver: DbConfig['driver'],
): Promise<string> {
  if (driver === 'pg') return sharedSecret(db, name);
  const file = path.join(dataDir, fileName);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, newSecret(), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** Inserts a key unless one exists (two instances starting at once agree on the first), then reads it. */
async function sharedSecret(db: Db, name: string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: newSecret() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
