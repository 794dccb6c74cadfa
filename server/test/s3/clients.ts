// The S3 clients nobody here wrote, run as their users run them: aws-cli and boto3 from a pinned
// virtualenv (.tools/venv-s3, made again only when requirements.txt changes) and Debian's rclone
// (scripts/ensure-system.sh). Every call names Cairn's endpoint and carries its own credentials
// and empty config files: nothing reaches AWS, its metadata service or a user's own settings.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const requirements = fileURLToPath(new URL('requirements.txt', import.meta.url));
export const VENV = path.join(root, '.tools', 'venv-s3');
const stamp = path.join(VENV, '.requirements.sha256');
const lock = `${VENV}.lock`;
/** A lock older than this was left by a run that died while installing. */
const STALE_LOCK_MS = 10 * 60_000;

export interface S3Endpoint {
  s3Url: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

const wanted = () => crypto.createHash('sha256').update(fs.readFileSync(requirements)).digest('hex');
const readStamp = () => (fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : '');
const ready = () => fs.existsSync(path.join(VENV, 'bin', 'aws')) && readStamp() === wanted();

/**
 * Makes the virtualenv if it is missing or out of date. Two test files may ask at once: the first
 * takes a lock file and installs, the other waits for it (up to 10 minutes) and finds it ready.
 */
export async function ensureS3Clients(): Promise<void> {
  const deadline = Date.now() + STALE_LOCK_MS;
  while (!ready()) {
    let fd: number;
    try {
      fd = fs.openSync(lock, 'wx');
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { force: true });
      if (Date.now() > deadline) throw new Error(`${lock} is still held after 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (!ready()) install();
    } finally {
      fs.closeSync(fd);
      fs.rmSync(lock, { force: true });
    }
  }
  if (spawnSync('rclone', ['version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('rclone is missing: scripts/ensure-system.sh installs it');
  }
}

function install(): void {
  fs.rmSync(VENV, { recursive: true, force: true });
  const steps: string[][] = [
    ['python3', '-m', 'venv', VENV],
    [path.join(VENV, 'bin', 'pip'), 'install', '--quiet', '--disable-pip-version-check', '--no-deps', '-r', requirements],
  ];
  for (const [command, ...args] of steps) {
    const result = spawnSync(command!, args, { encoding: 'utf8', timeout: 5 * 60_000 });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  }
  fs.writeFileSync(stamp, wanted());
}

/** A scratch directory of the test, removed by the returned function. */
export function scratchDir(prefix = 'cairn-s3-'): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Runs a command to its end (bounded by `timeoutMs`), collecting its output. */
export function runCommand(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code: code ?? (signal ? 128 : 1),
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8') + (signal ? `\n(ended by ${signal})` : ''),
      });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** The environment of a client process: only what it needs, no AWS settings of the machine's. */
function baseEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: `${path.join(VENV, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: process.env.HOME,
    LANG: 'C.UTF-8',
    TMPDIR: os.tmpdir(),
    ...extra,
  };
}

/**
 * aws-cli against the endpoint. Its config file holds the transfer settings (`s3` section of
 * `~/.aws/config`); the credentials come from the environment.
 */
export function awsCli(endpoint: S3Endpoint, s3Config: Record<string, string> = {}) {
  const { dir, remove } = scratchDir('cairn-aws-');
  const configFile = path.join(dir, 'config');
  const lines = Object.entries(s3Config).map(([name, value]) => `  ${name} = ${value}`);
  fs.writeFileSync(configFile, ['[default]', 'region = us-east-1', ...(lines.length ? ['s3 =', ...lines] : [])].join('\n') + '\n');
  fs.writeFileSync(path.join(dir, 'credentials'), '');
  const env = baseEnv({
    AWS_ACCESS_KEY_ID: endpoint.accessKeyId,
    AWS_SECRET_ACCESS_KEY: endpoint.secretAccessKey,
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_CONFIG_FILE: configFile,
    AWS_SHARED_CREDENTIALS_FILE: path.join(dir, 'credentials'),
    AWS_PAGER: '',
  });
  return {
    env,
    /** `aws <args> --endpoint-url <Cairn's S3 URL>`. */
    run: (args: string[], options: { cwd?: string; timeoutMs?: number } = {}) =>
      runCommand('aws', [...args, '--endpoint-url', endpoint.s3Url], { ...options, env }),
    remove,
  };
}

/**
 * Runs a Python script with boto3 importable. The script reads the endpoint and keys from
 * CAIRN_S3_URL, CAIRN_S3_KEY and CAIRN_S3_SECRET, and more from `extraEnv`.
 */
export function boto3Script(
  endpoint: S3Endpoint,
  script: string,
  extraEnv: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<RunResult> {
  const env = baseEnv({
    CAIRN_S3_URL: endpoint.s3Url,
    CAIRN_S3_KEY: endpoint.accessKeyId,
    CAIRN_S3_SECRET: endpoint.secretAccessKey,
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_CONFIG_FILE: '/dev/null',
    AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
    ...extraEnv,
  });
  return runCommand(path.join(VENV, 'bin', 'python'), [script], { env, timeoutMs });
}

/** rclone with a remote named `cairn` of type s3 pointed at the endpoint (path-style). */
export function rclone(endpoint: S3Endpoint) {
  const { dir, remove } = scratchDir('cairn-rclone-');
  const configFile = path.join(dir, 'rclone.conf');
  fs.writeFileSync(
    configFile,
    [
      '[cairn]',
      'type = s3',
      'provider = Other',
      'env_auth = false',
      `access_key_id = ${endpoint.accessKeyId}`,
      `secret_access_key = ${endpoint.secretAccessKey}`,
      'region = us-east-1',
      `endpoint = ${endpoint.s3Url}`,
      'force_path_style = true',
      '',
    ].join('\n'),
  );
  const env = baseEnv({ RCLONE_CONFIG: configFile });
  return {
    run: (args: string[], options: { cwd?: string; timeoutMs?: number } = {}) =>
      runCommand('rclone', ['--config', configFile, ...args], { ...options, env }),
    remove,
  };
}
