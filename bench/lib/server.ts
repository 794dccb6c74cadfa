import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../scripts/build-server.mjs';

const CHILD_SOURCE = fileURLToPath(new URL('../server-child.ts', import.meta.url));
/** Ignored by git (`dist/`), inside the repository so the bundle finds its external packages. */
const CHILD_DIR = fileURLToPath(new URL('../dist/', import.meta.url));
const START_TIMEOUT_MS = 60_000;
/** A server that first seeds a million-record database (BENCH_SEED_MILLION) may take this long to be ready. */
const SEEDING_TIMEOUT_MS = 30 * 60_000;
/** The Node flags `npm start` runs the server with (its heap settings: README, "Compiled start"), read from package.json so both stay the same. */
const START_FLAGS = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((arg) => arg.startsWith('--'));

export interface BenchServer {
  url: string;
  token: string;
  userId: string;
  multiaddrs: string[];
  /** What BENCH_SEED_MILLION wrote, and how long it took. */
  seeded?: { ms: number; records: number };
  pid: number;
  dataDir: string;
  /** GET/POST on the API with the bench user's token; throws on a non-2xx answer. */
  api<T = any>(method: string, path: string, body?: unknown): Promise<T>;
  /** Stops the server; its data directory is removed unless `keepData` (to start another on it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

let compiled: Promise<string> | undefined;

/** bench/server-child.ts compiled as `npm start` compiles the server (one bundle, its import worker beside it), once a run. */
function compiledChild(): Promise<string> {
  compiled ??= buildServer({ entries: { 'server-child': CHILD_SOURCE }, outdir: CHILD_DIR }).then(() =>
    path.join(CHILD_DIR, 'server-child.js'),
  );
  return compiled;
}

/**
 * Starts bench/server-child.ts, compiled, in its own process with a fresh data directory under `workDir`
 * (or `dataDir`, one a stopped server kept). `env` adds server variables (IPFS_NETWORK,
 * IPFS_LISTEN, IPFS_PEERS, BENCH_SEED_UPLOADS, and the CONTENT_ENGINE settings).
 */
export async function startBenchServer(workDir: string, env: Record<string, string> = {}, dataDir?: string): Promise<BenchServer> {
  dataDir ??= mkdtempSync(path.join(workDir, 'server-'));
  // BENCH_CPU_PROF=<dir>: each server writes a CPU profile there when it stops (open it in DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, ['--enable-source-maps', ...START_FLAGS, ...profile, await compiledChild()], {
    env: { ...process.env, ...env, BENCH_DATA_DIR: dataDir, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await firstLine(child, env.BENCH_SEED_MILLION ? SEEDING_TIMEOUT_MS : START_TIMEOUT_MS);
  const info = JSON.parse(ready) as {
    url: string;
    token: string;
    userId: string;
    multiaddrs: string[];
    seeded?: { ms: number; records: number };
  };
  return {
    ...info,
    pid: child.pid!,
    dataDir: dataDir!,
    async api(method, apiPath, body) {
      const res = await fetch(`${info.url}/api/v2${apiPath}`, {
        method,
        headers: { authorization: `Bearer ${info.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
      return JSON.parse(text);
    },
    async stop(options = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function firstLine(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('bench server did not start in time'));
    }, timeoutMs);
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      clearTimeout(timer);
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited with ${code} before it was ready`));
    });
  });
}
