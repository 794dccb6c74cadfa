import { createTestDatabase } from '../server/test/pg';
import type { Benchmark, BenchEnv } from './lib/context';
import { load } from './lib/load';
import type { Figure } from './lib/report';
import { startBenchServer, type BenchServer } from './lib/server';

const DEFAULT_ROWS = 100_000;
/** Clients of the throughput figure; the latency figures are one client's answers, as a user waits for them. */
const CONCURRENCY = 10;
const SECONDS = 4;
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
  'key prefix (3 in 4)': () => `metaPrefix=${json({ project: '2026-0' })}`,
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
 * fresh database of the server the tests use). Per filter: paging through it, and again with nothing
 * kept between requests; one client's p99 (the answer a user waits for) and 10 keep-alive clients' throughput.
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

    // Paging through one filter: how many records it matches is counted once, on its first page.
    const measure = async (url: (sequence: number) => string) => {
      await load(url, headers, CONCURRENCY, WARM_UP_SECONDS);
      return { one: await load(url, headers, 1, SECONDS), many: await load(url, headers, CONCURRENCY, SECONDS) };
    };
    const plain = await measure(page(''));
    const results: [string, Awaited<ReturnType<typeof measure>>][] = [];
    for (const [name, query] of Object.entries(FILTERS)) results.push([`${name}, paging`, await measure(page(query(group)))]);
    // Nothing kept: every request counts its matches anew, as a filter nobody asked for before does.
    await keepPages(server, false);
    for (const [name, query] of Object.entries(FILTERS)) results.push([`${name}, nothing kept`, await measure(page(query(group)))]);
    await keepPages(server, true);
    const errors = [plain, ...results.map(([, result]) => result)].reduce((sum, result) => sum + result.one.errors + result.many.errors, 0);
    if (errors > 0) throw new Error(`${errors} errors under load`);
    const size = `${rows.toLocaleString('en')} rows`;
    return results.flatMap(([name, result]): Figure[] => [
      {
        benchmark: `filtered file list, ${label}, ${size}: ${name}, p99 of one client`,
        value: result.one.p99Ms,
        unit: 'ms',
        reference: null,
        referenceLabel: '',
        target: { max: 50, of: 'value' },
        note: `p50 ${result.one.p50Ms.toFixed(1)} ms; plain list p99 ${plain.one.p99Ms.toFixed(1)} ms; ${CONCURRENCY} clients p99 ${result.many.p99Ms.toFixed(0)} ms`,
      },
      {
        benchmark: `filtered file list, ${label}, ${size}: ${name}, vs the plain list`,
        value: result.many.perSecond,
        unit: 'req/s',
        reference: plain.many.perSecond,
        referenceLabel: 'plain list, pages in turn',
        note: `${CONCURRENCY} clients, ${SECONDS} s each`,
      },
    ]);
  } finally {
    await server.stop();
  }
}

async function keepPages(server: BenchServer, keep: boolean): Promise<void> {
  const res = await fetch(`${server.url}/bench/file-list-pages?keep=${keep ? 1 : 0}`, { method: 'POST' });
  if (res.status !== 204) throw new Error(`the bench server did not switch its kept pages: ${res.status}`);
}
