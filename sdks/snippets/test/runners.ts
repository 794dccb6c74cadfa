/**
 * How each quick start of `sdks/snippets` runs as a user would run it, with the language's own
 * runtime, in a fresh folder holding `hello.txt`: the SDK comes from this repository where a
 * user's package manager would put it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const snippetsDir = path.join(repoRoot, 'sdks', 'snippets');

export interface RunContext {
  dir: string;
  url: string;
  token: string;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command with a time limit; the process is killed when the limit passes. */
export function exec(command: string, args: string[], cwd: string, env: Record<string, string>, timeoutMs = 90_000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const copy = (file: string, dir: string, as: string) => fs.copyFileSync(path.join(snippetsDir, file), path.join(dir, as));
const envOf = (ctx: RunContext) => ({ CAIRN_API_URL: ctx.url, CAIRN_TOKEN: ctx.token });

/** A program ready to start: the command, its arguments and what its environment adds. */
export interface Launch {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * Sets `dir` up as a user of each SDK would, with the snippet `file` (a path under sdks/snippets)
 * as its program, and says how to start it: the SDK comes from this repository where a user's
 * package manager would put it.
 */
export const setups: Record<string, (dir: string, file: string) => Launch> = {
  // tsx as `npx tsx` runs it; the package resolves to the SDK's sources (tsconfig paths).
  typescript(dir, file) {
    copy(file, dir, 'main.ts');
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
    const sdk = path.join(repoRoot, 'sdks', 'typescript', 'src', 'index.ts');
    const tsconfig = { compilerOptions: { module: 'ESNext', target: 'ES2023', paths: { '@cairn/sdk': [sdk] } } };
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    return { command: process.execPath, args: ['--import', 'tsx', 'main.ts'], env: {} };
  },
  // The JavaScript SDK's one file beside the program, as a download from the releases puts it.
  javascript(dir, file) {
    copy(file, dir, 'main.mjs');
    fs.copyFileSync(path.join(repoRoot, 'sdks', 'javascript', 'cairn.js'), path.join(dir, 'cairn.js'));
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    return { command: process.execPath, args: ['main.mjs'], env: {} };
  },
  // The SDK's virtualenv (sdks/python/scripts/test.sh makes it), where `pip install` put it.
  python(dir, file) {
    copy(file, dir, 'main.py');
    const python = path.join(repoRoot, '.tools', 'venv-python', 'bin', 'python');
    if (!fs.existsSync(python)) throw new Error(`No ${python}: run sdks/python/scripts/test.sh first`);
    return { command: python, args: ['main.py'], env: {} };
  },
  // vendor/autoload.php as Composer writes it for the package's PSR-4 map.
  php(dir, file) {
    copy(file, dir, 'main.php');
    fs.mkdirSync(path.join(dir, 'vendor'));
    const src = JSON.stringify(path.join(repoRoot, 'sdks', 'php', 'src') + '/');
    fs.writeFileSync(
      path.join(dir, 'vendor', 'autoload.php'),
      `<?php\nspl_autoload_register(static function (string $class): void {\n` +
        `    if (str_starts_with($class, 'Cairn\\\\')) {\n` +
        `        require ${src} . str_replace('\\\\', '/', substr($class, 6)) . '.php';\n    }\n});\n`,
    );
    return { command: 'php', args: ['main.php'], env: {} };
  },
  // A module of its own that requires the SDK, replaced by this repository's copy.
  go(dir, file) {
    copy(file, dir, 'main.go');
    const sdk = path.join(repoRoot, 'sdks', 'go');
    fs.writeFileSync(
      path.join(dir, 'go.mod'),
      `module quickstart\n\ngo 1.23\n\nrequire github.com/cairn-storage/cairn-go v0.0.0\n\nreplace github.com/cairn-storage/cairn-go => ${sdk}\n`,
    );
    return { command: 'go', args: ['run', '.'], env: { GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local', GOPROXY: 'off' } };
  },
};

const runSetup = (id: string, file: string, ctx: RunContext) => {
  const launch = setups[id]!(ctx.dir, file);
  return exec(launch.command, launch.args, ctx.dir, { ...envOf(ctx), ...launch.env });
};

/** The runners of the snippets run in a shell process (the browser one is run by the test). */
export const runners: Record<string, (ctx: RunContext) => Promise<RunResult>> = {
  typescript: (ctx) => runSetup('typescript', 'typescript.ts', ctx),
  python: (ctx) => runSetup('python', 'python.py', ctx),
  php: (ctx) => runSetup('php', 'php.php', ctx),
  go: (ctx) => runSetup('go', 'go.go', ctx),
  // `cairn` on the PATH as a global install puts it, with no stored login.
  async cli(ctx) {
    copy('cli.sh', ctx.dir, 'quickstart.sh');
    const bin = path.join(ctx.dir, 'bin');
    fs.mkdirSync(bin);
    fs.symlinkSync(path.join(repoRoot, 'sdks', 'typescript', 'bin', 'cairn.mjs'), path.join(bin, 'cairn'));
    const home = path.join(ctx.dir, 'home');
    fs.mkdirSync(home);
    const env = { ...envOf(ctx), PATH: `${bin}:${process.env.PATH}`, HOME: home, XDG_CONFIG_HOME: home };
    return exec('sh', ['-e', 'quickstart.sh'], ctx.dir, env);
  },
};
