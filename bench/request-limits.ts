import { createTestDatabase } from '../server/test/pg';
import type { Benchmark } from './lib/context';
import { load, type LoadResult } from './lib/load';
import type { Figure } from './lib/report';
import { startBenchServer, type BenchServer } from './lib/server';

/** Seconds of load per side and round (`BENCH_LIMITS_SECONDS`, 4), rounds per side (3). */
const SECONDS = Math.min(Math.max(Number(process.env.BENCH_LIMITS_SECONDS ?? 4), 1), 60);
const ROUNDS = 3;
/** High enough that nothing is refused: the figure is the cost of counting, not of refusing. */
const NEVER = '10000000';
const LIMITS_ON = {
  BENCH_REQUEST_LIMITS: 'on',
  RATE_LIMIT_API_PER_IP: NEVER,
  RATE_LIMIT_API_PER_TOKEN: NEVER,
  RATE_LIMIT_PSA_PER_IP: NEVER,
  RATE_LIMIT_PSA_PER_TOKEN: NEVER,
  RATE_LIMIT_GATEWAY_PER_IP: NEVER,
  RATE_LIMIT_GATEWAY_PER_CID: NEVER,
  RATE_LIMIT_S3_PER_IP: NEVER,
  RATE_LIMIT_S3_PER_KEY: NEVER,
};

/**
 * What the request limits cost a request: `GET /api/v2/users/me` (counted per IP and per token,
 * two upserts) and `GET /api/v2/locales/languages` (per IP only), on two servers started side by
 * side, limits off and on, loaded in turn (best round each), at one client (the latency a request
 * gains) and at 8 (the throughput the server keeps); on SQLite and on PostgreSQL.
 */
export const requestLimits: Benchmark = async (env) => {
  const figures = await onDatabase(env.workDir, 'SQLite');
  const pg = [await createTestDatabase(), await createTestDatabase()];
  try {
    figures.push(...(await onDatabase(env.workDir, 'PostgreSQL', [pg[0]!.url, pg[1]!.url])));
  } finally {
    for (const db of pg) await db.drop();
  }
  return figures;
};

async function onDatabase(workDir: string, label: string, pgUrls?: [string, string] | string[]): Promise<Figure[]> {
  const servers: BenchServer[] = [];
  try {
    const off = await startBenchServer(workDir, pgUrls ? { DATABASE_URL: pgUrls[0]! } : {});
    servers.push(off);
    const on = await startBenchServer(workDir, { ...LIMITS_ON, ...(pgUrls ? { DATABASE_URL: pgUrls[1]! } : {}) });
    servers.push(on);
    const figures: Figure[] = [];
    for (const [route, authenticated] of [
      ['/api/v2/users/me', true],
      ['/api/v2/locales/languages', false],
    ] as const) {
      for (const concurrency of [1, 8]) {
        const best = { off: null as LoadResult | null, on: null as LoadResult | null };
        for (let round = 0; round <= ROUNDS; round++) {
          for (const side of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
            const server = side === 'on' ? on : off;
            const headers: Record<string, string> = authenticated ? { authorization: `Bearer ${server.token}` } : {};
            const result = await load(`${server.url}${route}`, headers, concurrency, round === 0 ? 1 : SECONDS);
            if (result.errors > 0) throw new Error(`${route} on the limits-${side} server: ${result.errors} failed requests`);
            if (round > 0 && (!best[side] || result.perSecond > best[side]!.perSecond)) best[side] = result;
          }
        }
        const extraUs = (1 / best.on!.perSecond - 1 / best.off!.perSecond) * concurrency * 1e6;
        figures.push({
          benchmark: `${label} ${route} at ${concurrency} client${concurrency > 1 ? 's' : ''}, limits on vs off`,
          value: best.on!.perSecond,
          unit: 'req/s',
          reference: best.off!.perSecond,
          referenceLabel: 'limits off',
          note: `p50 ${best.on!.p50Ms.toFixed(3)} vs ${best.off!.p50Ms.toFixed(3)} ms, p99 ${best.on!.p99Ms.toFixed(3)} vs ${best.off!.p99Ms.toFixed(3)} ms; ${extraUs.toFixed(0)} µs more per request`,
        });
      }
    }
    return figures;
  } finally {
    for (const server of servers) await server.stop();
  }
}
