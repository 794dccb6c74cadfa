/**
 * Cairn's benchmarks, each against its reference in the same run (ratios, never timed asserts):
 *
 *   npm run bench                         every benchmark once (needs ~12 GB free in the temp dir)
 *   npm run bench -- --quick              without the 4 GiB upload
 *   npm run bench -- --only=ingest,file-list --runs=3
 *
 * Benchmarks: ingest (1 GiB upload v1/v0, gateway download, RSS), directory (10,000 files as one
 * DAG), desktop-queue (the same files through the desktop app's queue, against the web upload),
 * desktop-queue-crash (those files queued, the queue killed three times and the server restarted
 * once: none lost, none twice; BENCH_QUEUE_CRASH_FILES sets the count),
 * file-list (100,000 rows at 50 clients), file-filters (the list's filters on 100,000 rows with
 * key-values and a group, on SQLite and PostgreSQL, against the plain list; BENCH_FILTER_ROWS sets
 * the count), peer-pin (256 MiB pinned from another server), engines
 * (1 GiB through the cluster, kubo and embedded engines against `ipfs add`, and the cluster
 * engine's gateway against Kubo's; BENCH_ENGINES_MIB=64 for a quick run), multipart (the upload
 * parser against busboy), resumable (1 GiB over tus, cut three times and resumed;
 * BENCH_RESUME_BYTES sets the size), crash-rounds (kill -9 of the server at a random moment of
 * uploads, deletes and compactions, restarted and checked, 20 rounds; BENCH_CRASH_ROUNDS=3 for a
 * smoke run), mixed-load (50 clients of uploads, lists, reads, deletes, usage and gateway reads on
 * SQLite and PostgreSQL, CPU per small upload at 8 clients against 1, threads started;
 * BENCH_MIXED_SECONDS sets the length, 60 s by default), car-shapes (the CAR uploads that cost the
 * server most per byte, in CPU seconds per MiB against a plain upload of the same size),
 * gateway-counting (a gateway download with bandwidth counting on against off, same run;
 * BENCH_COUNTING_MIB and BENCH_COUNTING_ROUNDS set the size and rounds), s3 (`aws s3 cp` of 1 GiB to
 * the S3 endpoint against `curl -F` to the upload API, and 100,000 keys listed by ListObjectsV2
 * against the file list API; BENCH_S3_MIB and BENCH_S3_KEYS set the sizes), capacity (what a record, a
 * byte, a request and a pin cost each part, the inputs of docs/capacity.md; BENCH_CAPACITY_RECORDS,
 * BENCH_CAPACITY_MIB and BENCH_CAPACITY_PINS set the sizes), rolling-restart (50
 * clients through HAProxy in front of 2 instances during two rolling restarts and a kill -9 of a
 * Cluster peer: 0 failed requests, 0 lost records, 0 quota drift; BENCH_ROLLING_CLIENTS sets the count), request-limits (an
 * authenticated and a public API route with the request limits counted against off, same run, on
 * SQLite and PostgreSQL; BENCH_LIMITS_SECONDS sets the load per round), million (the hot routes
 * on PostgreSQL with 1,000,000 records in one account and 1,000,000 across 10,000 more, one client's
 * p50/p99 against the bare route; BENCH_MILLION_RECORDS sets the size, `bench/seed-million.ts` seeds
 * such a database and leaves it), names (`/ipns/{name}/` over 100 names against `/ipfs/{cid}/`, the
 * routing API's record, and a publication until the gateway shows it, on SQLite and PostgreSQL). The run exits with 1 when a figure misses its target.
 * Everything is written under a fresh temporary directory, removed at the end; set BENCH_INPUTS
 * to a directory to keep the generated input files between runs. Servers listen on loopback only.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { capacity } from './capacity';
import { carShapes } from './car-shapes';
import { crashRounds } from './crash-rounds';
import { rollingRestart } from './rolling-restart';
import { desktopQueue, desktopQueueCrash } from './desktop-queue';
import { directory } from './directory';
import { engines } from './engines';
import { fileFilters } from './file-filters';
import { fileList } from './file-list';
import { gatewayCounting } from './gateway-counting';
import { ingest } from './ingest';
import { million } from './million';
import { mixedLoad } from './mixed-load';
import { names as ipnsNames } from './names';
import { multipart } from './multipart';
import type { Benchmark, BenchEnv } from './lib/context';
import { met, printFigure, type Figure } from './lib/report';
import { peerPin } from './peer-pin';
import { requestLimits } from './request-limits';
import { resumable } from './resumable';
import { s3 } from './s3';

const BENCHMARKS: Record<string, Benchmark> = {
  ingest,
  directory,
  'desktop-queue': desktopQueue,
  'desktop-queue-crash': desktopQueueCrash,
  'file-list': fileList,
  'file-filters': fileFilters,
  'peer-pin': peerPin,
  multipart,
  resumable,
  engines,
  'crash-rounds': crashRounds,
  'mixed-load': mixedLoad,
  'car-shapes': carShapes,
  'gateway-counting': gatewayCounting,
  'request-limits': requestLimits,
  names: ipnsNames,
  s3,
  capacity,
  'rolling-restart': rollingRestart,
  million,
};

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'] as const;
  }),
);
const only = args.get('only')?.split(',') ?? Object.keys(BENCHMARKS);
const runs = Math.min(Math.max(Number(args.get('runs') ?? 1), 1), 10);
for (const name of only) if (!BENCHMARKS[name]) throw new Error(`unknown benchmark "${name}" (${Object.keys(BENCHMARKS).join(', ')})`);
for (const tool of ['ipfs_cid', 'curl']) {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
  } catch {
    throw new Error(`${tool} is needed (Debian: apt-get install ${tool === 'ipfs_cid' ? 'ipfs-cid' : tool})`);
  }
}

const workDir = mkdtempSync(path.join(tmpdir(), 'cairn-bench-'));
const inputDir = process.env.BENCH_INPUTS ?? path.join(workDir, 'inputs');
mkdirSync(inputDir, { recursive: true });
const env: BenchEnv = { workDir, inputDir, full: !args.has('quick') };
const cleanUp = (): void => rmSync(workDir, { recursive: true, force: true });
process.once('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`Cairn benchmarks ${new Date().toISOString()}, node ${process.version}, ${cpus().length} CPUs, load ${loadAverage()}`);
const results: Figure[] = [];
try {
  for (let run = 1; run <= runs; run++) {
    for (const name of only) {
      console.log(`\n[${name}] run ${run}/${runs}, load ${loadAverage()}`);
      const figures = await BENCHMARKS[name]!(env);
      figures.forEach(printFigure);
      results.push(...figures);
    }
  }
} finally {
  cleanUp();
}

if (runs > 1) {
  console.log('\nRanges over all runs');
  const names = [...new Set(results.map((f) => f.benchmark))];
  for (const name of names) {
    const all = results.filter((f) => f.benchmark === name);
    const values = all.map((f) => f.value);
    const ratios = all.filter((f) => f.reference).map((f) => f.value / f.reference!);
    const range = (xs: number[], digits: number) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
    const verdicts = all.map(met).filter((v) => v !== null);
    console.log(
      `${name.padEnd(44)} ${`${range(values, 0)} ${all[0]!.unit}`.padStart(20)}` +
        `${ratios.length ? `   ratio ${range(ratios, 2)}` : ''}` +
        `${verdicts.length ? `   met ${verdicts.filter(Boolean).length}/${verdicts.length}` : ''}`,
    );
  }
}

const missed = results.filter((figure) => met(figure) === false);
if (missed.length > 0) {
  console.log(`\n${missed.length} figure(s) missed the target: ${[...new Set(missed.map((f) => f.benchmark))].join('; ')}`);
  process.exitCode = 1;
}
