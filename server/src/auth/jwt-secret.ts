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
  if (driver === 'pg') return new TextEncoder().encode(await sharedSecret(db));
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, newSecret(), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

/** Inserts a key unless one exists (two instances starting at once agree on the first), then reads it. */
async function sharedSecret(db: Db): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: newSecret() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return row.value;
}
