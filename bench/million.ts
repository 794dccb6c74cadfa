import { createTestDatabase } from '../server/test/pg';
import type { Benchmark } from './lib/context';
import { load } from './lib/load';
import type { Figure } from './lib/report';
import { startBenchServer } from './lib/server';

const DEFAULT_RECORDS = 1_000_000;
const SECONDS = 3;
const WARM_UP_SECONDS = 0.5;
const PAGE = 20;

/**
 * The routes a hosted service answers most, on a PostgreSQL database of `BENCH_MILLION_RECORDS`
 * (1,000,000) records in the bench account and as many across a hundredth as many other accounts
 * (`bench/lib/seed-million.ts`), every request queried anew (the server keeps no rendered page):
 * one client's p50 and p99 per route (what a user waits for), against a bare Koa route of the
 * same server in the same run.
 */
export const million: Benchmark = async (env) => {
  const records = Math.min(Math.max(Number(process.env.BENCH_MILLION_RECORDS ?? DEFAULT_RECORDS) || DEFAULT_RECORDS, 1000), 10_000_000);
  const pg = await createTestDatabase();
  try {
    const server = await startBenchServer(env.workDir, {
      DATABASE_URL: pg.url,
      BENCH_SEED_MILLION: String(records),
      // Logins are measured, not refused: the limiter still counts each one, as it does in production.
      LOGIN_MAX_PER_IP: '100000',
      LOGIN_MAX_PER_EMAIL: '100000',
    });
    try {
      const seeded = server.seeded!;
      console.log(`seeded ${seeded.records.toLocaleString('en')} records in ${(seeded.ms / 1000).toFixed(1)} s`);
      const headers = { authorization: `Bearer ${server.token}` };
      const keep = await fetch(`${server.url}/bench/file-list-pages?keep=0`, { method: 'POST' });
      if (keep.status !== 204) throw new Error(`the bench server kept its pages: ${keep.status}`);
      const me = await server.api<{ email: string }>('GET', '/users/me');
      // The Pinning Service API takes API tokens, not sessions.
      const apiToken = await server.api<{ token: string }>('POST', '/tokens/generate', { name: 'bench', expiresInDays: 1 });
      const psaHeaders = { authorization: `Bearer ${apiToken.token}` };
      const first = await server.api<{ total: number }>('GET', `/users/me/uploads?page=1&limit=${PAGE}`);
      if (first.total !== records) throw new Error(`the account lists ${first.total} records, expected ${records}`);
      const api = (path: string) => `${server.url}/api/v2${path}`;
      const psa = (path: string) => `${server.url}/psa${path}`;
      const rotating =
        (make: (n: number) => string, base = api) =>
        (sequence: number) =>
          base(make(sequence));
      // A record in the middle of the account's year, for the PSA date filter.
      const middle = new Date(Date.now() - 183 * 86_400_000).toISOString();
      const routes: [string, string | ((sequence: number) => string), unknown?][] = [
        ['file list, first page', api(`/users/me/uploads?page=1&limit=${PAGE}`)],
        ['file list, page 500', api(`/users/me/uploads?page=500&limit=${PAGE}`)],
        ['file list, sorted by name, page 500', api(`/users/me/uploads?page=500&limit=${PAGE}&sort=name&order=asc`)],
        [
          'search by name (one match)',
          rotating((n) => `/users/me/uploads?search=${encodeURIComponent(`file-${(n * 7919) % records}.txt`)}`),
        ],
        ['search by name (1 in 10 match)', rotating((n) => `/users/me/uploads?search=file-${(n % 9) + 1}0`)],
        ['admin users list, first page', api('/admin/users?page=1&limit=20')],
        ['admin users list, page 200', api('/admin/users?page=200&limit=20')],
        ['admin users search', rotating((n) => `/admin/users?search=seeded-${(n * 31) % 1000}9`)],
        ['admin stats', api('/admin/stats')],
        ['admin bandwidth, 1y', api('/admin/stats/bandwidth?period=1y')],
        ['admin bandwidth, 24h', api('/admin/stats/bandwidth?period=24h')],
        ['PSA GET /pins', psa('/pins?limit=10')],
        ['PSA GET /pins, status + before', psa(`/pins?status=pinned&before=${encodeURIComponent(middle)}&limit=10`)],
        ['PSA GET /pins, name partial', psa('/pins?name=backup-1&match=partial&limit=10')],
        ['usage', api('/users/me/usage')],
        ['login', api('/auth/login'), { email: me.email, password: 'bench-password' }],
      ];
      const bareUrl = `${server.url}/bench/bare`;
      await load(bareUrl, headers, 1, WARM_UP_SECONDS);
      const bare = await load(bareUrl, headers, 1, SECONDS);
      const figures: Figure[] = [
        {
          benchmark: `million: seeding ${seeded.records.toLocaleString('en')} records`,
          value: seeded.ms / 1000,
          unit: 's',
          reference: null,
          referenceLabel: '',
          note: `${Math.round(seeded.records / (seeded.ms / 1000)).toLocaleString('en')} records/s, indexes built and vacuumed included`,
        },
      ];
      for (const [name, url, body] of routes) {
        const sent = name.startsWith('PSA') ? psaHeaders : headers;
        await load(url, sent, 1, WARM_UP_SECONDS, body);
        const result = await load(url, sent, 1, SECONDS, body);
        if (result.errors > 0 || result.requests === 0) throw new Error(`${name}: ${result.errors} errors, ${result.requests} answers`);
        figures.push({
          benchmark: `million: ${name}, p99`,
          value: result.p99Ms,
          unit: 'ms',
          reference: bare.p99Ms,
          referenceLabel: 'bare Koa route',
          target: { max: 50, of: 'value' },
          note: `p50 ${result.p50Ms.toFixed(1)} ms (bare ${bare.p50Ms.toFixed(2)} ms); ${result.requests} requests`,
        });
      }
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    await pg.drop();
  }
};
