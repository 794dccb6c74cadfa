// `npm run test:contract`: schemathesis fuzzes every operation of the served openapi.yaml against a
// live server (SQLite, embedded IPFS, card payments against the local Stripe stand-in), as an
// administrator so no operation is out of reach. It fails on any server error, any status, content
// type, header or body off the contract, a wrong answer to a missing credential or header, and a
// method a path lacks answered without `405` and `Allow`, and a resource a scenario created that a
// later step of it cannot find (what the command line cannot set is in scripts/contract/schemathesis.toml).
// Not checked: that every request valid by the schema is accepted (a wrong current password or an
// unknown referral code is valid JSON).
// The fuzzer lives in .tools/venv-contract, made again only when its pinned version changes.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { root, run } from './lib.mjs';

const venv = path.join(root, '.tools', 'venv-contract');
const requirements = path.join(root, 'scripts', 'contract', 'requirements.txt');
const stamp = path.join(venv, '.requirements.sha256');
const wanted = crypto.createHash('sha256').update(fs.readFileSync(requirements)).digest('hex');
if (!fs.existsSync(path.join(venv, 'bin', 'st')) || readStamp() !== wanted) {
  console.log('Installing the contract fuzzer…');
  fs.rmSync(venv, { recursive: true, force: true });
  run('python3', ['-m', 'venv', venv]);
  run(path.join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', '-r', requirements]);
  fs.writeFileSync(stamp, wanted);
}

const server = spawn('node', ['--import', 'tsx', 'sdks/harness/serve.ts'], {
  cwd: root,
  env: { ...process.env, CAIRN_STRIPE_STANDIN: '1' },
  stdio: ['pipe', 'pipe', 'inherit'],
});
let status = 1;
try {
  const { url, admin } = await firstLine(server);
  const session = await logIn(url, admin);
  const env = {
    CAIRN_URL: url,
    CAIRN_SESSION: session,
    SCHEMATHESIS_HOOKS: 'cairn_hooks',
    PYTHONPATH: path.join(root, 'scripts', 'contract'),
  };
  const outside = '^/(ipfs|ipns|routing|psa|docs|healthz|readyz|metrics|tls/allowed)';
  // The tus operations, fuzzed on their own below (one filter: several exclusions would combine as
  // "and"); and the live event stream, which never ends while the server runs, so no answer of it
  // can be awaited (server/src/routes/events covers it).
  const apiOnly = '^/(ipfs|ipns|routing|psa|docs|healthz|readyz|metrics|tls/allowed|uploads/resumable|events$)';
  // First a file's record through its life, as scenarios (uploaded, read, renamed, deleted, read
  // again): a record that a scenario made and did not delete must still be there. Then the API
  // under its base path, then the paths the spec serves from the server root (the gateway, the
  // Pinning Service API, the docs and the operations probes).
  const records = ['uploadFile', 'getUpload', 'renameUpload', 'deleteUpload', 'adminDeleteFile'].map(
    (id) => `--include-operation-id=${id}`,
  );
  status =
    fuzz([`--url=${url}/api/v2`, ...records, '--phases=stateful', '--max-time=60'], env) ||
    fuzz([`--url=${url}/api/v2`, `--exclude-path-regex=${apiOnly}`, '--max-time=240'], env) ||
    // A tus client adds headers of its own, which the tus server rightly ignores: extra headers are
    // no invalid request there; a missing Tus-Resumable is the protocol's 412. Its PATCH body (application/offset+octet-stream) is bytes the
    // fuzzer cannot make; the resumable tests in server/src/routes/uploads cover it.
    fuzz(
      [`--url=${url}/api/v2`, '--include-operation-id=createResumableUpload', '--max-time=60'],
      env,
      'positive_data_acceptance,negative_data_rejection,missing_required_header',
    ) ||
    fuzz([`--url=${url}`, `--include-path-regex=${outside}`, '--max-time=90'], env);
} finally {
  server.kill('SIGTERM');
}
process.exit(status);

function fuzz(args, env, excluded = 'positive_data_acceptance') {
  const result = spawnSync(
    path.join(venv, 'bin', 'st'),
    [
      `--config-file=${path.join(root, 'scripts', 'contract', 'schemathesis.toml')}`,
      'run',
      'openapi.yaml',
      ...args,
      '--checks=all',
      `--exclude-checks=${excluded}`,
      '--max-examples=10',
      // Examples that once failed are tried first in the next run; kept out of the tree.
      `--generation-database=${path.join(root, '.tools', 'contract-examples')}`,
      '--seed=20261123',
      '--request-timeout=30',
      '--no-color',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  return result.status ?? 1;
}

function readStamp() {
  try {
    return fs.readFileSync(stamp, 'utf8').trim();
  } catch {
    return '';
  }
}

/** The harness prints one JSON line once it answers; it is given 60 s. */
function firstLine(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
    readline.createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it answered`)));
  });
}

async function logIn(url, admin) {
  const response = await fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!response.ok) throw new Error(`admin login failed: ${response.status}`);
  return (await response.json()).token;
}
