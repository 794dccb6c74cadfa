import { createTestDatabase } from '../server/test/pg';
import type { Benchmark, BenchEnv } from './lib/context';
import { load, type LoadResult } from './lib/load';
import type { Figure } from './lib/report';
import { startBenchServer } from './lib/server';

const DEFAULT_ROWS = 100_000;
const CONCURRENCY = 10;
const SECONDS = 5;
const WARM_UP_SECONDS = 1;
/** More pages than the server keeps per account, asked in turn: every answer is queried and rendered anew. */
const ROTATING_PAGES = 100;

const json = (value: Record<string, string>) => encodeURIComponent(JSON.stringify(value));

/**
 * The filters of `GET /api/v2/users/me/uploads`, each asked for a page in turn (so none is served
 * from the rendered pages the server keeps), against the plain list asked the same way in the same
 * run: what a filter costs on top of a page of the account.
 */
const FILTERS: Record<string, (group: string) => string> = {
  'key equals (1 in 3)': () => `meta=${json({ env: 'prod' })}`,
  'key prefix (1 in 12)': () => `metaPrefix=${json({ project: '2026-0' })}`,
  'key exists (1 in 100)': () => 'metaExists=owner',
  'unique key equals': () => `meta=${json({ build: 'b4242' })}`,
  'group (1 in 10)': (group) => `groupId=${group}`,
  'two keys + size + dates + category': () =>
    `meta=${json({ env: 'prod', project: '2026-03' })}&minSize=1500&maxSize=90000&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z&category=text`,
  'name + sort by name': () => 'name=file-1&sort=name&order=asc',
};

/**
 * `GET /api/v2/users/me/uploads` with filters, on an account of `BENCH_FILTER_ROWS` (100,000)
 * records seeded with key-values and a group (`BENCH_SEED_META`), on SQLite and then PostgreSQL (a
 * fresh database of the server the tests use), 10 keep-alive clients for 5 s per filter.
 */
export const fileFilters: Benchmark = async (env) => {
  const rows = Math.min(Math.max(Number(process.env.BENCH_FILTER_ROWS ?? DEFAULT_ROWS) || DEFAULT_ROWS, 1000), 1_000_000);
  const figures = await onDatabase(env, 'SQLite', rows);
  const pg = await createTestDatabase();
  try {
    figures.push(...(await onDatabase(env, 'PostgreSQL', rows, pg.url)));
  } finally {
    await pg.drop();
  }
  return figures;
};

async function onDatabase(env: BenchEnv, label: string, rows: number, pgUrl?: string): Promise<Figure[]> {
  const server = await startBenchServer(env.workDir, {
    BENCH_SEED_UPLOADS: String(rows),
    BENCH_SEED_META: '1',
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
  });
  try {
    const headers = { authorization: `Bearer ${server.token}` };
    const groups = await server.api<{ groups: { id: string; filesCount: number }[] }>('GET', '/groups');
    const group = groups.groups[0]!.id;
    const page = (query: string) => (sequence: number) =>
      `${server.url}/api/v2/users/me/uploads?page=${(sequence % ROTATING_PAGES) + 1}&limit=10${query ? `&${query}` : ''}`;
    const check = await server.api<{ total: number }>('GET', `/users/me/uploads?meta=${json({ env: 'prod' })}&limit=1`);
    if (check.total !== Math.ceil(rows / 3)) throw new Error(`env=prod lists ${check.total} records, expected ${Math.ceil(rows / 3)}`);

    await load(page(''), headers, CONCURRENCY, WARM_UP_SECONDS);
    const plain = await load(page(''), headers, CONCURRENCY, SECONDS);
    const results: [string, LoadResult][] = [];
    for (const [name, query] of Object.entries(FILTERS)) {
      await load(page(query(group)), headers, CONCURRENCY, WARM_UP_SECONDS);
      results.push([name, await load(page(query(group)), headers, CONCURRENCY, SECONDS)]);
    }
    const errors = plain.errors + results.reduce((sum, [, result]) => sum + result.errors, 0);
    if (errors > 0) throw new Error(`${errors} errors under load`);
    const size = `${rows.toLocaleString('en')} rows`;
    return results.flatMap(([name, result]): Figure[] => [
      {
        benchmark: `filtered file list, ${label}, ${size}: ${name}, p99`,
        value: result.p99Ms,
        unit: 'ms',
        reference: null,
        referenceLabel: '',
        target: { max: 50, of: 'value' },
        note: `p50 ${result.p50Ms.toFixed(1)} ms; plain list p99 ${plain.p99Ms.toFixed(1)} ms`,
      },
      {
        benchmark: `filtered file list, ${label}, ${size}: ${name}, vs the plain list`,
        value: result.perSecond,
        unit: 'req/s',
        reference: plain.perSecond,
        referenceLabel: 'plain list, pages in turn',
        note: `${CONCURRENCY} clients, ${SECONDS} s each`,
      },
    ]);
  } finally {
    await server.stop();
  }
}
