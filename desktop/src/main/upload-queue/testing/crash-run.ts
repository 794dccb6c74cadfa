import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { build } from 'esbuild';

const WORKER = path.join(import.meta.dirname, 'queue-worker.ts');

/**
 * Bundles the worker into one plain JavaScript file, as electron-vite bundles the main process:
 * it then runs on plain Node, so its memory is the queue's, not a TypeScript loader's.
 */
export async function bundleWorker(outDir: string): Promise<string> {
  const outfile = path.join(outDir, 'queue-worker.mjs');
  await build({
    entryPoints: [WORKER],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The ES module builds of dependencies, as Vite picks them; CommonJS ones still get a `require`.
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    // The SDK from its sources, as electron-vite bundles it.
    alias: { '@cairn/sdk': path.join(import.meta.dirname, '../../../../../sdks/typescript/src/index.ts') },
    logLevel: 'error',
  });
  return outfile;
}

export interface WorkerLine {
  done: number;
  total: number;
  /** Bytes handed to the sockets for the items as they stand (a resumed item counts from its offset). */
  sent: number;
  blocked: string | null;
  finished?: boolean;
  failed?: unknown[];
  peakRss?: number;
  ms?: number;
}

export interface WorkerRun {
  child: ChildProcess;
  /** Resolves with the worker's last line when it exits (killed or finished). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; last: WorkerLine | null }>;
  /** Resolves once the worker has reported `done` ≥ n. */
  reached(n: number, timeoutMs: number): Promise<WorkerLine>;
  /** Resolves once a line the worker printed satisfies `check`. */
  until(check: (line: WorkerLine) => boolean, what: string, timeoutMs: number): Promise<WorkerLine>;
}

/** Starts the queue worker in its own Node process (so it can be SIGKILLed like a crashed app). */
export function startWorker(bundle: string, env: Record<string, string>): WorkerRun {
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let last: WorkerLine | null = null;
  const waiters: Array<{ check: (line: WorkerLine) => boolean; resolve: (line: WorkerLine) => void }> = [];
  readline.createInterface({ input: child.stdout! }).on('line', (text) => {
    last = JSON.parse(text) as WorkerLine;
    for (const waiter of waiters.filter((w) => w.check(last!))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(last);
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; last: WorkerLine | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, last })),
  );
  const until = (check: (line: WorkerLine) => boolean, what: string, timeoutMs: number) =>
    new Promise<WorkerLine>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`worker did not reach ${what} in ${timeoutMs} ms (last: ${JSON.stringify(last)})`)),
        timeoutMs,
      );
      waiters.push({ check, resolve: (line) => (clearTimeout(timer), resolve(line)) });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`worker exited before ${what} (last: ${JSON.stringify(last)})`));
      });
    });
  const reached = (n: number, timeoutMs: number) => until((line) => line.done >= n, `${n} done`, timeoutMs);
  return { child, exited, reached, until };
}
