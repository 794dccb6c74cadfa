/**
 * The SDK processes of bench/sdk-upload.ts: how each one is started, run under GNU time for its
 * peak RSS, and the figures they give against curl.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { printFigure } from '../lib/report';

const root = path.resolve(import.meta.dirname, '../..');
const here = path.join(root, 'bench', 'sdk-upload');
/** GNU time, not the shell's keyword: `-f '%M %U %S'` gives the child's peak RSS in KiB and its CPU seconds. */
const TIME = '/usr/bin/time';

/** Runs a command under GNU time: its output, peak RSS (KiB) and CPU seconds (user and system). */
export function timedProcess(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; tmp: string },
): { stdout: string; stderr: string; status: number | null; maxRssKiB: number; cpuSeconds: number } {
  const statsFile = path.join(options.tmp, 'time.txt');
  const run = spawnSync(TIME, ['-f', '%M %U %S', '-o', statsFile, command, ...args], {
    cwd: root,
    env: options.env ?? process.env,
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  });
  const [rss, user, system] = (fs.readFileSync(statsFile, 'utf8').trim().split('\n').pop() ?? '').split(' ').map(Number);
  return { stdout: run.stdout, stderr: run.stderr, status: run.status, maxRssKiB: rss ?? 0, cpuSeconds: (user ?? 0) + (system ?? 0) };
}
const RSS_LIMIT_MB = 100;

export interface SdkChild {
  /** What `--only=` names it by. */
  key: string;
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** The minimum ratio to curl's throughput the product requires; undefined: reported only. */
  ratioTarget?: number;
}

/** Builds the Go child once, in a module of its own that replaces the SDK with this repository's copy. */
function buildGoChild(tmp: string): string {
  const dir = path.join(tmp, 'go-child');
  fs.mkdirSync(dir);
  fs.copyFileSync(path.join(here, 'main.go'), path.join(dir, 'main.go'));
  fs.writeFileSync(
    path.join(dir, 'go.mod'),
    `module sdkupload\n\ngo 1.23\n\nrequire github.com/cairn-storage/cairn-go v0.0.0\n\nreplace github.com/cairn-storage/cairn-go => ${path.join(root, 'sdks', 'go')}\n`,
  );
  const binary = path.join(dir, 'sdk-upload');
  // Offline: the SDK needs nothing beyond the standard library.
  execFileSync('go', ['build', '-o', binary, '.'], {
    cwd: dir,
    env: { ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local', GOPROXY: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return binary;
}

export const SDK_KEYS = ['typescript', 'resumable', 'javascript', 'python', 'go', 'php'];

/** The children to run: all of them, or those whose keys `only` lists. */
export function sdkChildren(tmp: string, only?: readonly string[]): SdkChild[] {
  const unknown = (only ?? []).filter((key) => !SDK_KEYS.includes(key));
  if (unknown.length > 0) throw new Error(`Unknown SDKs: ${unknown.join(', ')} (known: ${SDK_KEYS.join(', ')})`);
  const wanted = (key: string) => !only || only.includes(key);
  const node = path.join(here, 'node.mjs');
  // Built fresh, so that the figure is the sources' as they are.
  if (['typescript', 'resumable'].some(wanted)) {
    execFileSync('npm', ['run', 'build', '-w', '@cairn/sdk'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const python = path.join(root, '.tools', 'venv-python', 'bin', 'python');
  if (wanted('python') && !fs.existsSync(python)) throw new Error(`No ${python}: run sdks/python/scripts/test.sh first`);
  const children: SdkChild[] = [
    // The package as it is published: its compiled ESM build under plain Node.
    {
      key: 'typescript',
      name: 'TypeScript SDK (built package)',
      command: process.execPath,
      args: [node],
      env: { SDK_MODULE: 'sdks/typescript/dist/esm/index.js' },
      ratioTarget: 0.9,
    },
    {
      key: 'resumable',
      name: 'TypeScript SDK, resumable (built package)',
      command: process.execPath,
      args: [node, 'resumable'],
      env: { SDK_MODULE: 'sdks/typescript/dist/esm/index.js' },
    },
    {
      key: 'javascript',
      name: 'JavaScript build (plain Node)',
      command: process.execPath,
      args: [node],
      env: { SDK_MODULE: 'sdks/javascript/cairn.js' },
    },
    // This checkout's sources ahead of the venv's editable install, as the SDK's tests run them.
    {
      key: 'python',
      name: 'Python SDK (sync client)',
      command: python,
      args: [path.join(here, 'python.py')],
      env: { PYTHONPATH: path.join(root, 'sdks', 'python', 'src') },
      ratioTarget: 0.9,
    },
    { key: 'go', name: 'Go SDK (FilePath)', command: '', args: [], ratioTarget: 0.9 },
    { key: 'php', name: 'PHP SDK (php CLI)', command: 'php', args: [path.join(here, 'php.php')] },
  ];
  const chosen = children.filter((child) => wanted(child.key));
  for (const child of chosen) if (child.key === 'go') child.command = buildGoChild(tmp);
  return chosen;
}

export interface ChildRun {
  cid: string;
  /** The upload alone, as the child timed it. */
  seconds: number;
  /** The whole process, start-up included, as the parent timed it. */
  wallSeconds: number;
  maxRssKiB: number;
  /** The process's CPU time, user and system. */
  cpuSeconds: number;
}

export function runChild(child: SdkChild, env: Record<string, string>, tmp: string): ChildRun {
  const started = performance.now();
  const run = timedProcess(child.command, child.args, { env: { ...process.env, ...env, ...child.env }, tmp });
  const wallSeconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`${child.name}: the upload failed (${run.status}): ${run.stderr}`);
  const printed = JSON.parse(run.stdout) as { cid: string; seconds: number };
  return { ...printed, wallSeconds, maxRssKiB: run.maxRssKiB, cpuSeconds: run.cpuSeconds };
}

export interface Results {
  mib: number;
  runs: number;
  /** Upload seconds per run, curl's under `curl`. */
  seconds: Record<string, number[]>;
  wall: Record<string, number[]>;
  /** CPU seconds of each process per run, curl's under `curl`: on a small machine the client's CPU is the server's loss. */
  cpu: Record<string, number[]>;
  /** Peak RSS per run, MB. */
  rss: Record<string, number[]>;
  targets: Record<string, number | undefined>;
}

/** Each SDK's best run against curl's best, and its largest peak RSS against the limit. */
export function report({ mib, runs, seconds, wall, cpu, rss, targets }: Results): void {
  const best = (xs: number[]) => Math.min(...xs);
  const list = (xs: number[], digits: number) => xs.map((x) => x.toFixed(digits)).join(', ');
  const curl = mib / best(seconds.curl!);
  console.log(`file: ${mib} MiB, runs: ${runs}, curl -F: ${curl.toFixed(1)} MiB/s (runs: ${list(seconds.curl!, 2)} s)`);
  for (const [name, all] of Object.entries(seconds)) {
    if (name === 'curl') continue;
    const target = targets[name];
    printFigure({
      benchmark: `${name}, upload`,
      value: mib / best(all),
      unit: 'MiB/s',
      reference: curl,
      referenceLabel: 'curl -F',
      ...(target === undefined ? {} : { target: { min: target, of: 'ratio' as const } }),
      note: `upload ${list(all, 2)} s, whole process ${list(wall[name]!, 2)} s, its CPU ${list(cpu[name]!, 2)} s (curl's ${list(cpu.curl!, 2)} s)`,
    });
    printFigure({
      benchmark: `${name}, peak RSS`,
      value: Math.max(...rss[name]!),
      unit: 'MB',
      reference: null,
      referenceLabel: '',
      target: { max: RSS_LIMIT_MB, of: 'value' },
      note: `runs ${list(rss[name]!, 0)} MB`,
    });
  }
}
