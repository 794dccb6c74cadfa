/**
 * Seeds a PostgreSQL database as the `million` benchmark does and leaves it there, to look at its
 * queries (`EXPLAIN ANALYZE`) or run a server on it:
 *
 *   BENCH_MILLION_RECORDS=100000 npx tsx bench/seed-million.ts            a fresh database of the tests' server
 *   DATABASE_URL=postgres://… npx tsx bench/seed-million.ts               a database of your own (migrated here)
 *
 * Prints the database's URL, the seeded account (password `bench-password`) and how long seeding took.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../server/test/pg';
import { startBenchServer } from './lib/server';

const records = Number(process.env.BENCH_MILLION_RECORDS ?? 1_000_000);
const url = process.env.DATABASE_URL ?? (await createTestDatabase()).url;
const workDir = mkdtempSync(path.join(tmpdir(), 'cairn-seed-'));
try {
  const server = await startBenchServer(workDir, { DATABASE_URL: url, BENCH_SEED_MILLION: String(records) });
  const me = await server.api<{ email: string }>('GET', '/users/me');
  await server.stop();
  const seeded = server.seeded!;
  console.log(
    JSON.stringify({ databaseUrl: url, email: me.email, userId: server.userId, records: seeded.records, seconds: seeded.ms / 1000 }),
  );
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
