import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repo root, inheriting stdio; exits with its code on failure. */
export function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** `run`, then a line saying how long the step took. */
export function step(name, command, args, env = {}) {
  const started = Date.now();
  run(command, args, env);
  console.log(`\n${name}: passed in ${seconds(started)}`);
}

/**
 * Runs steps at once (`{ name, command, args }`), each one's output held and printed whole when it
 * ends, so the logs of steps do not interleave; once every step has ended, exits with the first
 * failure's code, if any.
 */
export async function stepsTogether(steps) {
  const codes = await Promise.all(
    steps.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const output = [];
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (code, signal) => {
            process.stdout.write(Buffer.concat(output));
            const failed = code === 0 ? '' : ` (exit ${code ?? signal})`;
            console.log(`\n${name}: ${failed ? 'FAILED' : 'passed'} in ${seconds(started)}${failed}`);
            resolve(code ?? 1);
          });
        }),
    ),
  );
  const failure = codes.find((code) => code !== 0);
  if (failure !== undefined) process.exit(failure);
}

const newest = (dir) => {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
};

/** Installs npm dependencies when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log('Installing dependencies…');
  // `npm install` installs the locked versions; unlike `npm ci` it accepts a lock file that omits
  // other platforms' optional builds (rollup's), which npm 11 leaves out when it writes the lock.
  // Electron's binary is only needed to run the desktop app, never to build or serve the UI.
  run('npm', ['install', '--no-audit', '--no-fund'], { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
}

/** Builds the React UI when its output is missing or older than its sources. */
export function ensureUiBuild() {
  const index = path.join(root, 'desktop', 'out', 'renderer', 'index.html');
  const sources = [path.join(root, 'desktop', 'src'), path.join(root, 'shared', 'src')];
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= Math.max(...sources.map(newest))) return;
  console.log('Building the web UI…');
  run('npm', ['run', 'build', '-w', '@cairn/desktop']);
}

/** Compiles the server into server/dist when the bundle is missing or older than its sources. */
export async function ensureServerBuild() {
  const bundle = path.join(root, 'server', 'dist', 'main.js');
  const sources = [
    path.join(root, 'server', 'src'),
    path.join(root, 'shared', 'src'),
    path.join(root, 'server', 'package.json'),
    path.join(root, 'scripts', 'build-server.mjs'),
    path.join(root, 'scripts', 'own-source-map.mjs'),
  ];
  const newestSource = Math.max(
    ...sources.map((source) => (fs.statSync(source).isDirectory() ? newest(source) : fs.statSync(source).mtimeMs)),
  );
  if (fs.existsSync(bundle) && fs.statSync(bundle).mtimeMs >= newestSource) return;
  console.log('Compiling the server…');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
