import type { Benchmark } from './lib/context';
import { load } from './lib/load';
import type { Figure } from './lib/report';
import { startBenchServer } from './lib/server';

const ROWS = 100_000;
const CONCURRENCY = 50;
const SECONDS = 8;
const WARM_UP_SECONDS = 2;
/** More pages than the server keeps per account, asked in turn: every answer is rendered anew. */
const ROTATING_PAGES = 100;

/**
 * GET /api/v2/users/me/uploads on an account of 100,000 rows at 50 concurrent clients, against a
 * bare Koa route of the same server under the same load, one after the other (and, for context,
 * against a no-op route behind the app's own middleware). The list is asked for as clients do,
 * the first page again and again, which the server answers from the page it rendered while the
 * account is unchanged; and, reported beside it, a page in turn from the first 100, so that
 * every answer is queried and rendered anew.
 */
export const fileList: Benchmark = async (env) => {
  const server = await startBenchServer(env.workDir, { BENCH_SEED_UPLOADS: String(ROWS) });
  try {
    const headers = { authorization: `Bearer ${server.token}` };
    const page = await server.api<{ total: number }>('GET', '/users/me/uploads?page=1&limit=10');
    if (page.total !== ROWS) throw new Error(`the account lists ${page.total} files, expected ${ROWS}`);
    const listUrl = `${server.url}/api/v2/users/me/uploads?page=1&limit=10`;
    const bareUrl = `${server.url}/bench/bare`;
    const routedUrl = `${server.url}/bench/routed`;
    await load(bareUrl, headers, CONCURRENCY, WARM_UP_SECONDS);
    const bare = await load(bareUrl, headers, CONCURRENCY, SECONDS);
    const routed = await load(routedUrl, headers, CONCURRENCY, SECONDS);
    await load(listUrl, headers, CONCURRENCY, WARM_UP_SECONDS);
    const list = await load(listUrl, headers, CONCURRENCY, SECONDS);
    const rotatingUrl = (sequence: number) => `${server.url}/api/v2/users/me/uploads?page=${(sequence % ROTATING_PAGES) + 1}&limit=10`;
    const rotating = await load(rotatingUrl, headers, CONCURRENCY, SECONDS);
    if (list.errors + bare.errors + routed.errors + rotating.errors > 0) {
      throw new Error(
        `errors under load: list ${list.errors}, pages in turn ${rotating.errors}, bare ${bare.errors}, routed ${routed.errors}`,
      );
    }
    const figures: Figure[] = [
      {
        benchmark: `file list, ${ROWS.toLocaleString('en')} rows, ${CONCURRENCY} clients`,
        value: list.perSecond,
        unit: 'req/s',
        reference: bare.perSecond,
        referenceLabel: 'bare Koa route',
        target: { min: 0.5, of: 'ratio' },
        note: `p50 ${list.p50Ms.toFixed(1)} ms (bare ${bare.p50Ms.toFixed(1)} ms)`,
      },
      {
        benchmark: 'file list vs a no-op route of the app',
        value: list.perSecond,
        unit: 'req/s',
        reference: routed.perSecond,
        referenceLabel: 'routed no-op',
        note: "the no-op route runs behind the app's request id, security headers and errors, unauthenticated",
      },
      {
        benchmark: `file list, pages 1–${ROTATING_PAGES} in turn`,
        value: rotating.perSecond,
        unit: 'req/s',
        reference: bare.perSecond,
        referenceLabel: 'bare Koa route',
        note: `every answer queried and rendered anew; p50 ${rotating.p50Ms.toFixed(1)} ms, p99 ${rotating.p99Ms.toFixed(1)} ms`,
      },
      {
        benchmark: 'file list p99 latency',
        value: list.p99Ms,
        unit: 'ms',
        reference: null,
        referenceLabel: '',
        target: { max: 50, of: 'value' },
        note: `bare Koa route p99 ${bare.p99Ms.toFixed(1)} ms`,
      },
    ];
    return figures;
  } finally {
    await server.stop();
  }
};
