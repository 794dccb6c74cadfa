/**
 * One real Cairn server for the benchmarks, in its own process so that its RSS is its own: the
 * server as `npm start` runs it (compiled into one bundle by bench/lib/server.ts; SQLite, fsync
 * on, the embedded IPFS node unless CONTENT_ENGINE and its settings name Kubo or a Cluster), plus
 * one bare Koa route (`GET /bench/bare`) in front of the same app as the reference for the
 * file-list benchmark. Signs a user up on a plan large enough for every benchmark and prints one
 * JSON line: `{ url, token, userId, multiaddrs }`. `BENCH_SEED_UPLOADS=n` first writes n
 * file-list rows; with `BENCH_SEED_META=1` each gets key-values and every tenth is in a group
 * (see `seedMeta`).
 */
import '../server/src/content/polyfills';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildConfig, NO_REQUEST_LIMITS } from '../server/src/config/config';
import { readEnv } from '../server/src/config/env';
import Router from '@koa/router';
import { createApp } from '../server/src/app';
import type { AppState } from '../server/src/koa-types';
import { createContext } from '../server/src/context';
import { VersionedPages } from '../server/src/db/fast/versioned-pages';
import { millionShape, seedMillion } from './lib/seed-million';
import { seededRecord } from './lib/seed-records';

const BENCH_PLAN_BYTES = 64 * 1024 ** 4;

const config = {
  ...buildConfig({
    ...readEnv(),
    dataDir: process.env.BENCH_DATA_DIR,
    port: '0',
    host: '127.0.0.1',
    logLevel: 'error',
    staticDir: '',
  }),
};
// Thousands of requests a second from 127.0.0.1 with one token: off, unless the request-limits
// bench keeps them (with RATE_LIMIT_* high enough that nothing is refused) to measure their cost.
if (process.env.BENCH_REQUEST_LIMITS !== 'on') config.requestLimits = NO_REQUEST_LIMITS;
const app = await createContext(config);
const koa = createApp(app);
// Ahead of every other middleware: what a route costs in Koa with nothing of Cairn around it.
koa.middleware.unshift(async (ctx, next) => {
  if (ctx.path !== '/bench/bare') return next();
  ctx.body = { ok: true };
});
// And one behind the app's own request id, security headers and error handling, routed like the
// API routes but without authentication or data: what the list costs beyond the app's stack.
const routed = new Router<AppState>();
routed.get('/bench/routed', (ctx) => {
  ctx.body = { ok: true };
});
// Keeps no rendered page or count of the file list from now on (`?keep=0`), or keeps them again:
// what a list costs the database when every request is one it has not seen.
routed.post('/bench/file-list-pages', (ctx) => {
  app.fileListPages = new VersionedPages(ctx.query.keep === '0' ? 0 : undefined);
  ctx.status = 204;
});
const firstRouter = koa.middleware.findIndex((middleware) => 'router' in middleware);
koa.middleware.splice(firstRouter, 0, routed.routes() as never);
const server = http.createServer(koa.callback());
server.requestTimeout = 0;
server.keepAliveTimeout = 30_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const account = { email: `bench-${process.pid}@example.com`, password: 'bench-password' };
const signup = await post('/api/v2/auth/signup', {
  ...account,
  name: 'Bench',
  lastname: 'Mark',
  country: 'GB',
  birthDate: '01/01/1990',
  language: 'en',
});
const login = await post('/api/v2/auth/login', account);
const userId = signup.user.id as string;
const now = new Date().toISOString();
await app.db
  .insertInto('plans')
  .values({
    code: 'bench',
    name: 'Bench',
    storage_limit_bytes: BENCH_PLAN_BYTES,
    price_cents: 0,
    description: '',
    active: 1,
    is_default: 0,
    created_at: now,
    updated_at: now,
  })
  .onConflict((conflict) => conflict.column('code').doNothing())
  .execute();
await app.stores.users.update(userId, { plan_code: 'bench' });
await seedUploads(Number(process.env.BENCH_SEED_UPLOADS ?? 0));
// BENCH_SEED_MILLION=n (PostgreSQL): n records of this account and n across n / 100 others (see
// `seedMillion`); the account is made an administrator, for the admin routes.
let seeded: { ms: number; records: number } | undefined;
if (process.env.BENCH_SEED_MILLION) {
  seeded = await seedMillion(app.db, userId, millionShape(Number(process.env.BENCH_SEED_MILLION)));
  await app.stores.users.update(userId, { role: 'admin' });
}
// PostgreSQL's autovacuum would vacuum and analyse the new rows within a minute of the load: the
// benchmark measures the database as it is then, not the minute after a bulk insert.
if (process.env.DATABASE_URL && Number(process.env.BENCH_SEED_UPLOADS ?? 0) > 0)
  await sql`vacuum analyze uploads, upload_meta, upload_groups`.execute(app.db);

process.stdout.write(`${JSON.stringify({ url, token: login.token, userId, seeded, multiaddrs: await app.content.multiaddrs() })}\n`);

/** File-list rows straight into the database, in batches (nothing is stored in IPFS for them). */
async function seedUploads(count: number): Promise<void> {
  const start = Date.now() - count * 1000;
  for (let at = 0; at < count; at += 1000) {
    const rows = [];
    for (let i = at; i < Math.min(count, at + 1000); i++) {
      rows.push(seededRecord(userId, i, `file-${i}.txt`, new Date(start + i * 1000).toISOString()));
    }
    if (process.env.BENCH_SEED_META === '1') {
      for (const [n, row] of rows.entries()) Object.assign(row, { meta: JSON.stringify(seedMeta(at + n)) });
    }
    await app.db.insertInto('uploads').values(rows).execute();
    if (process.env.BENCH_SEED_META !== '1') continue;
    await app.db
      .insertInto('upload_meta')
      .values(
        rows.flatMap((row, n) =>
          Object.entries(seedMeta(at + n)).map(([key, value]) => ({ upload_id: row.id, user_id: userId, key, value })),
        ),
      )
      .execute();
    const group = await seedGroup();
    const members = rows.filter((_, n) => (at + n) % 10 === 0).map((row) => ({ group_id: group, upload_id: row.id, created_at: now }));
    if (members.length > 0) await app.db.insertInto('upload_groups').values(members).execute();
  }
}

/**
 * Key-values of seeded row i: `env` one of three values, `project` one of twelve months, `build`
 * unique to the row, and `owner` on one row in a hundred.
 */
function seedMeta(i: number): Record<string, string> {
  const meta: Record<string, string> = {
    env: ['prod', 'dev', 'staging'][i % 3]!,
    project: `2026-${String((i % 12) + 1).padStart(2, '0')}`,
    build: `b${i}`,
  };
  if (i % 100 === 0) meta.owner = `user${i % 7}`;
  return meta;
}

let seededGroup: string | undefined;
/** The one group seeded rows join, named `bench`. */
async function seedGroup(): Promise<string> {
  if (seededGroup) return seededGroup;
  seededGroup = randomUUID();
  await app.db.insertInto('groups').values({ id: seededGroup, user_id: userId, name: 'bench', created_at: now }).execute();
  return seededGroup;
}

async function post(path: string, body: unknown): Promise<any> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const stop = async (): Promise<void> => {
  server.closeAllConnections();
  server.close();
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
