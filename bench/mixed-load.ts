import path from 'node:path';
import type { DbConfig } from '../server/src/config/config';
import { createTestDatabase } from '../server/test/pg';
import type { Benchmark, BenchEnv } from './lib/context';
import { signUpAccounts } from './lib/mixed-client';
import { percentile, runClients, type Operation, type Tally } from './lib/mixed-workload';
import { cpuSecondsOf, withThreads } from './lib/proc-stat';
import type { Figure } from './lib/report';
import { startBenchServer, type BenchServer } from './lib/server';

const DEFAULT_SECONDS = 60;
const ACCOUNTS = 10;
const CLIENTS = 50;
/** The embedded engine's import pool (`WorkerPool`'s default size). */
const IMPORT_POOL_SIZE = 8;
const CPU_CONCURRENCY = 8;

/**
 * A real server process per database (SQLite, then PostgreSQL on a fresh database of the server
 * the tests use), 10 accounts and 50 closed-loop clients for `BENCH_MIXED_SECONDS` (60 by
 * default): small uploads of unique bytes, file list pages, record reads, deletes of the client's
 * own records, usage and gateway reads of its own content. Then the server's CPU time per small
 * upload with 8 clients at once (one account each) against one client alone.
 */
export const mixedLoad: Benchmark = async (env) => {
  const seconds = Math.min(Math.max(Number(process.env.BENCH_MIXED_SECONDS ?? DEFAULT_SECONDS) || DEFAULT_SECONDS, 1), 600);
  const figures = await onDatabase(env, 'SQLite', seconds);
  const pg = await createTestDatabase();
  try {
    figures.push(...(await onDatabase(env, 'PostgreSQL', seconds, pg.url)));
  } finally {
    await pg.drop();
  }
  return figures;
};

async function onDatabase(env: BenchEnv, label: string, seconds: number, pgUrl?: string): Promise<Figure[]> {
  const server = await startBenchServer(env.workDir, pgUrl ? { DATABASE_URL: pgUrl } : {});
  try {
    const db: DbConfig = pgUrl ? { driver: 'pg', url: pgUrl } : { driver: 'sqlite', file: path.join(server.dataDir, 'cairn.sqlite') };
    const tokens = await signUpAccounts(server.url, db, ACCOUNTS);
    const threads = await withThreads(server.pid, () => runClients({ url: server.url, tokens, clients: CLIENTS, seconds }));
    const mixed = threads.result;
    const cpuSeconds = Math.min(10, seconds);
    const one = await cpuPerUpload(server, tokens.slice(0, 1), cpuSeconds);
    const eight = await cpuPerUpload(server, tokens.slice(0, CPU_CONCURRENCY), cpuSeconds);
    const errors = mixed.errors + one.tally.errors + eight.tally.errors;
    const samples = [...mixed.samples, ...one.tally.samples, ...eight.tally.samples];
    const latency = (operation: Operation) => mixed.latencies[operation];
    const name = (what: string) => `mixed load, ${label}: ${what}`;
    return [
      {
        benchmark: name(`errors, ${CLIENTS} clients ${seconds} s`),
        value: errors,
        unit: 'errors',
        reference: null,
        referenceLabel: '',
        target: { max: 1, of: 'value' },
        note:
          `${mixed.requests} requests (${(mixed.requests / seconds).toFixed(0)}/s): ${breakdown(mixed)}; ` +
          `${mixed.limited} uploads answered 429 with Retry-After (an account already streamed its 4 at once, ` +
          `5 clients share each account), not counted as errors` +
          (samples.length ? `; first errors: ${samples.join(' | ')}` : ''),
      },
      {
        benchmark: name('upload p99'),
        value: percentile(latency('upload'), 0.99),
        unit: 'ms',
        reference: null,
        referenceLabel: '',
        note: `p50 ${percentile(latency('upload'), 0.5).toFixed(1)} ms over ${latency('upload').length} uploads of 1–20 KB`,
      },
      {
        benchmark: name('list p99'),
        value: percentile(latency('list'), 0.99),
        unit: 'ms',
        reference: null,
        referenceLabel: '',
        note: `p50 ${percentile(latency('list'), 0.5).toFixed(1)} ms over ${latency('list').length} pages`,
      },
      {
        benchmark: name(`CPU per small upload, ${CPU_CONCURRENCY} at once`),
        value: eight.msPerUpload,
        unit: 'ms CPU',
        reference: one.msPerUpload,
        referenceLabel: 'one at a time',
        target: { max: 1.5, of: 'ratio' },
        note: `server process CPU over ${cpuSeconds} s each: ${eight.uploads} uploads at ${CPU_CONCURRENCY} clients, ${one.uploads} at 1`,
      },
      {
        benchmark: name('threads started during the run'),
        value: threads.started,
        unit: 'threads',
        reference: null,
        referenceLabel: '',
        target: { max: IMPORT_POOL_SIZE + 1, of: 'value' },
        note: `at most the import pool's ${IMPORT_POOL_SIZE}; ${threads.before} threads before, ${threads.peak} at the peak`,
      },
    ];
  } finally {
    await server.stop();
  }
}

/** The server's CPU time per stored small upload, `tokens.length` clients with an account each. */
async function cpuPerUpload(server: BenchServer, tokens: string[], seconds: number) {
  const options = { url: server.url, tokens, clients: tokens.length, only: 'upload' as const };
  const warmUp = await runClients({ ...options, seconds: 1 });
  const before = cpuSecondsOf(server.pid);
  const tally = await runClients({ ...options, seconds });
  const uploads = tally.latencies.upload.length;
  // The warm-up's errors count too: every answer of the run must be right.
  tally.errors += warmUp.errors;
  tally.samples.unshift(...warmUp.samples);
  return { tally, uploads, msPerUpload: ((cpuSecondsOf(server.pid) - before) * 1000) / Math.max(uploads, 1) };
}

function breakdown(tally: Tally): string {
  return Object.entries(tally.latencies)
    .map(([operation, values]) => `${operation} ${values.length}`)
    .join(', ');
}
