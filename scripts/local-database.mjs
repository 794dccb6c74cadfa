// The PostgreSQL database `cluster:local`'s instances share: DATABASE_URL when it is set, else one
// made on the local server with the tests' role (see scripts/ensure-system.sh), named in the
// directory so that the same directory finds the same records the next time.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://cairn_test:cairn_test@127.0.0.1:5432/postgres';

/** A database URL for the instances of `dir`; creates the database when the directory has none. */
export async function localDatabase(dir) {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const file = path.join(dir, 'database-url');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const name = `cairn_local_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  fs.writeFileSync(file, `${url}\n`, { mode: 0o600 });
  return url.toString();
}

/** Drops a database `localDatabase` made (the tests' and benchmarks' clean-up). */
export async function dropLocalDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  if (!/^cairn_local_[0-9a-f]+$/.test(name)) throw new Error(`not a database cluster:local made: ${name}`);
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
