import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const SCRIPTS_LIB = new URL('../../scripts/lib.mjs', import.meta.url).href;

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** Everything it wrote, standard output then standard error. */
  output(): string;
  /** Its log lines so far, from both streams; throws on a line that is not JSON. */
  lines(): Array<Record<string, unknown>>;
  /** Resolves with the exit code and how long after `since` the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  kill(): void;
}

/** The complete lines of a stream's output, each parsed as the JSON log line it must be. */
function jsonLines(text: string): Array<Record<string, unknown>> {
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`the server wrote a line that is not JSON: ${line}`);
      }
    });
}

/** Every request limit off (`RATE_LIMIT_*` 0): a test's server takes its requests from 127.0.0.1, the limits have tests of their own. */
export const NO_REQUEST_LIMITS_ENV: Record<string, string> = Object.fromEntries(
  ['API_PER_IP', 'API_PER_TOKEN', 'PSA_PER_IP', 'PSA_PER_TOKEN', 'GATEWAY_PER_IP', 'GATEWAY_PER_CID', 'S3_PER_IP', 'S3_PER_KEY'].map(
    (name) => [`RATE_LIMIT_${name}`, '0'],
  ),
);

/**
 * `npm start`'s server as a real process, on an ephemeral port and its own data directory: the
 * compiled bundle `npm start` runs (compiled first when its sources changed).
 */
export async function spawnServer(env: Record<string, string> = {}, readyWithinMs = 60_000): Promise<ServerProcess> {
  const { ensureServerBuild } = (await import(SCRIPTS_LIB)) as { ensureServerBuild(): Promise<void> };
  await ensureServerBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-proc-'));
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: SERVER_DIR,
    // No drain on SIGTERM unless a test asks for one: nothing balances load in front of it.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      CAIRN_DATA_DIR: dataDir,
      CAIRN_STATIC_DIR: '',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...NO_REQUEST_LIMITS_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept apart, so that a line one stream wrote in two chunks is never cut by the other's.
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const output = () => stdout + stderr;
  const lines = () => [...jsonLines(stdout), ...jsonLines(stderr)];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + readyWithinMs;
  let failure: unknown;
  try {
    // A process killed by a signal (a crash point's SIGKILL) has no exit code, only its signal.
    while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
      const port = lines().find((line) => line.message === 'Cairn is running')?.port;
      if (typeof port === 'number') return { child, url: `http://127.0.0.1:${port}`, dataDir, output, lines, exited, kill };
      await new Promise((r) => setTimeout(r, 50));
    }
    failure = new Error(`server did not start: ${output()}`);
  } catch (error) {
    failure = error;
  }
  kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
  throw failure;
}
