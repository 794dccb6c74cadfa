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
  output(): string;
  /** Resolves with the exit code and how long after `since` the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  kill(): void;
}

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
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CAIRN_DATA_DIR: dataDir, CAIRN_STATIC_DIR: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + readyWithinMs;
  // A process killed by a signal (a crash point's SIGKILL) has no exit code, only its signal.
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const match = /running at http:\/\/[^:\s]+:(\d+)/.exec(text);
    if (match) return { child, url: `http://127.0.0.1:${match[1]}`, dataDir, output: () => text, exited, kill };
    await new Promise((r) => setTimeout(r, 50));
  }
  kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
  throw new Error(`server did not start: ${text}`);
}
