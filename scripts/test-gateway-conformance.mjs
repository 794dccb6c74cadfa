// `npm run test:gateway-conformance [-- --engines=embedded,kubo] [--readme]`: the IPFS gateway
// conformance suite (../shared/vendor/gateway-conformance) against Cairn as a new user runs it —
// the built server on a fresh data directory, on each engine in turn (the `kubo` one over a Kubo
// daemon of its own, offline) — with the suite's fixtures loaded through the public API
// (`POST /api/v2/upload/car`). It runs the groups Cairn claims, writes a summary per engine to
// test-results/gateway-conformance-<engine>.json, prints the table, and fails when any case fails
// that is not one of the documented exceptions. The subdomain gateway answers for `example.com`
// (GATEWAY_DOMAIN, the suite's `--subdomain-url`); the DNSLink fixtures are TXT records of a DNS
// server on loopback (DNSLINK_RESOLVER), each domain added and verified as a custom domain of the
// account that loaded the fixtures, through the public API. `--readme` writes the README's Conformance table
// from the summaries of every engine run so far.
import crypto from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildConformance, CONFORMANCE_BIN, CONFORMANCE_HOME } from './build-tools.mjs';
import { EXCEPTIONS, markdownTable, summarize } from './conformance/report.mjs';
import { startDnsServer } from './dns-local.mjs';
import { freePort, startKubo, startProcess } from './ipfs-local.mjs';
import { ensureServerBuild, root } from './lib.mjs';

/** The groups Cairn claims. */
const SPECS = [
  'trustless-block-gateway',
  'trustless-car-gateway',
  'trustless-car-gateway-optional',
  'path-unixfs-gateway',
  'path-raw-gateway',
  'path-range-gateway',
  'path-dag-gateway',
  'path-tar-gateway',
  'path-ipns-gateway',
  'trustless-ipns-gateway',
  'subdomain-ipfs-gateway',
  'subdomain-ipns-gateway',
  'dnslink-gateway',
];
/**
 * The IPNS records a resolver must refuse (IPIP-428), which the routing API refuses as it takes
 * them: V1 signature only, V1 and V2 values that differ, a broken V2 signature.
 */
const REFUSED_RECORDS = [
  /_v1_\d+\.ipns-record$/,
  /_v1-v2-broken-v1-value_\d+\.ipns-record$/,
  /_v1-v2-broken-signature-v2_\d+\.ipns-record$/,
];
/** The subdomain gateway's domain, as the suite sends it in `Host` (`--subdomain-url`). */
const SUBDOMAIN_URL = 'http://example.com';
/** The one fixture Cairn refuses by its rules: a DAG with a block missing on purpose. */
const REFUSED_FIXTURES = new Map([['file-3k-and-3-blocks-missing-block', 'car_incomplete']]);
const RESULTS = path.join(root, 'test-results');
const SUITE_TIMEOUT = '10m';

/** The suite sends thousands of gateway requests from 127.0.0.1: the request limits are off (they have tests of their own). */
const NO_REQUEST_LIMITS = Object.fromEntries(
  ['API_PER_IP', 'API_PER_TOKEN', 'PSA_PER_IP', 'PSA_PER_TOKEN', 'GATEWAY_PER_IP', 'GATEWAY_PER_CID', 'S3_PER_IP', 'S3_PER_KEY'].map(
    (name) => [`RATE_LIMIT_${name}`, '0'],
  ),
);

const args = process.argv.slice(2);
const engines = (/^--engines=([\w,]+)$/.exec(args.find((arg) => arg.startsWith('--engines=')) ?? '')?.[1] ?? 'embedded').split(',');
for (const engine of engines)
  if (!['embedded', 'kubo'].includes(engine)) throw new Error(`--engines takes embedded and kubo, not ${engine}`);

const suiteEnv = { ...process.env, GATEWAY_CONFORMANCE_HOME: CONFORMANCE_HOME, GOFLAGS: '-mod=readonly -modcacherw' };
buildConformance();
await ensureServerBuild();
let failed = false;
for (const engine of engines) failed = (await runOn(engine)) || failed;
if (args.includes('--readme')) writeReadme();
process.exit(failed ? 1 : 0);

/** One engine's run, from a fresh data directory to its summary; true when it failed. */
async function runOn(engine) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-conformance-'));
  const stops = [];
  try {
    const fixtures = path.join(work, 'fixtures');
    run(CONFORMANCE_BIN, ['extract-fixtures', '--directory', fixtures]);
    const dns = await startDnsLinks(fixtures);
    stops.push(dns.stop);
    const env = {
      CAIRN_DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'info',
      GATEWAY_DOMAIN: new URL(SUBDOMAIN_URL).hostname,
      DNSLINK_RESOLVER: dns.address,
      // The suite checks that X-Forwarded-Host and X-Forwarded-Proto are read, as behind a proxy.
      TRUST_PROXY: 'true',
    };
    if (engine === 'kubo') {
      const kubo = await startKubo({ dir: path.join(work, 'kubo'), offline: true });
      stops.push(kubo.stop);
      Object.assign(env, { CONTENT_ENGINE: 'kubo', KUBO_API_URL: kubo.apiUrl, KUBO_GATEWAY_URL: kubo.gatewayUrl });
    }
    const { url, admin } = await startCairn(env, work, stops);
    const token = await signIn(url, admin);
    await loadFixtures(url, token, fixtures);
    await loadIpnsRecords(url, fixtures);
    console.log(`${engine} engine: the suite's fixtures loaded through ${url}/api/v2/upload/car`);
    await addDnsLinkDomains(url, token, dns.domains);

    const report = path.join(work, 'report.json');
    const started = Date.now();
    // Not spawnSync: the server's log lines come through this process, which must keep reading them.
    await new Promise((resolve, reject) => {
      const suite = spawn(
        CONFORMANCE_BIN,
        [
          'test',
          '--gateway-url',
          url,
          '--subdomain-url',
          SUBDOMAIN_URL,
          '--specs',
          SPECS.join(','),
          '--json',
          report,
          '--',
          '-timeout',
          SUITE_TIMEOUT,
        ],
        { env: suiteEnv, stdio: 'ignore' },
      );
      suite.once('error', reject);
      suite.once('exit', resolve);
    });
    const summary = {
      engine,
      suite: 'gateway-conformance v0.13.1',
      seconds: Math.round((Date.now() - started) / 1000),
      ...summarize(report, CONFORMANCE_HOME),
    };
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(path.join(RESULTS, `gateway-conformance-${engine}.json`), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`\n${markdownTable({ [engine]: summary })}\n`);
    for (const { name, error } of summary.failures) console.log(`FAIL ${name}\n     ${error}`);
    console.log(`${summary.exceptions.length} cases excepted (see README "Conformance")`);
    return summary.failures.length > 0 || Object.keys(summary.groups).length !== SPECS.length;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { env: suiteEnv, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${commandArgs[0]} failed: ${result.stderr || result.stdout}`);
}

/** The built server, as `npm start` runs it, on a free loopback port; stopped at the end. */
async function startCairn(env, work, stops) {
  const port = await freePort();
  const admin = { ADMIN_EMAIL: 'conformance@cairn.test', ADMIN_PASSWORD: crypto.randomBytes(12).toString('base64url') };
  const server = startProcess(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
    // Stopped with SIGTERM: nothing balances load in front of it, so no drain.
    env: { ...env, ...admin, ...NO_REQUEST_LIMITS, PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_DRAIN_SECONDS: '0' },
    log: path.join(work, 'cairn.log'),
    ready: /"message":"Cairn is running"/,
  });
  stops.push(server.stop);
  await server.started;
  return { url: `http://127.0.0.1:${port}`, admin };
}

/** Signs in as the admin: the account that loads the fixtures and holds the DNSLink domains. */
async function signIn(url, admin) {
  const login = await fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`signing in failed: ${login.status} ${await login.text()}`);
  return (await login.json()).token;
}

/** Uploads every fixture CAR; only the documented ones may be refused. */
async function loadFixtures(url, token, dir) {
  const cars = fs.readdirSync(dir).filter((name) => name.endsWith('.car'));
  if (cars.length === 0) throw new Error('the suite extracted no CAR fixtures');
  for (const car of cars) {
    const res = await fetch(`${url}/api/v2/upload/car`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.ipld.car' },
      body: fs.readFileSync(path.join(dir, car)),
    });
    const body = await res.json();
    const refusal = [...REFUSED_FIXTURES].find(([name]) => car.startsWith(name));
    if (refusal ? body.code !== refusal[1] : !res.ok) throw new Error(`fixture ${car}: ${res.status} ${JSON.stringify(body)}`);
  }
}

/**
 * Publishes every IPNS record fixture as any IPFS client would, through the Delegated Routing API
 * (`PUT /routing/v1/ipns/{name}`, the name from the file's name); only the documented ones may be refused.
 */
async function loadIpnsRecords(url, dir) {
  const records = fs.readdirSync(dir).filter((name) => name.endsWith('.ipns-record'));
  if (records.length === 0) throw new Error('the suite extracted no IPNS record fixtures');
  for (const file of records) {
    const name = file.split('_')[0];
    const res = await fetch(`${url}/routing/v1/ipns/${name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/vnd.ipfs.ipns-record' },
      body: fs.readFileSync(path.join(dir, file)),
    });
    const refused = REFUSED_RECORDS.some((pattern) => pattern.test(file));
    if (refused ? res.status !== 400 : res.status !== 200) throw new Error(`IPNS record ${file}: ${res.status} ${await res.text()}`);
  }
}

/**
 * A DNS server on loopback answering `_dnslink.<domain>` with each DNSLink fixture of the suite
 * (its `dnslinks.json`), for DNSLINK_RESOLVER; nothing is asked of any other DNS server.
 */
async function startDnsLinks(fixtures) {
  const { domains } = JSON.parse(fs.readFileSync(path.join(fixtures, 'dnslinks.json'), 'utf8'));
  const records = new Map(Object.entries(domains).map(([domain, target]) => [`_dnslink.${domain}`, [`dnslink=${target}`]]));
  const dns = await startDnsServer(records);
  return { ...dns, domains };
}

/**
 * Adds each DNSLink fixture domain as a custom domain of the account and verifies it, as a user
 * does: `POST /api/v2/domains`, then `POST /api/v2/domains/{id}/verify`. A domain's target must be
 * content the account holds as a record: a target whose content is inside a fixture (not the root
 * of one), or what an IPNS record fixture names, is first recorded from the gateway's own CAR of
 * it. Targets whose content is in no fixture are reported and left out.
 */
async function addDnsLinkDomains(url, token, domains) {
  const auth = { authorization: `Bearer ${token}` };
  const left = [];
  for (const [hostname, target] of Object.entries(domains)) {
    const root = /^\/(ipfs|ipns)\/([^/]+)/.exec(target)?.slice(1).join('/');
    if (root) {
      const car = await fetch(`${url}/${root}?format=car`, { headers: { accept: 'application/vnd.ipld.car' } });
      if (!car.ok) {
        left.push(`${hostname} (${target}: not in the fixtures)`);
        continue;
      }
      const upload = await fetch(`${url}/api/v2/upload/car`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/vnd.ipld.car' },
        body: Buffer.from(await car.arrayBuffer()),
      });
      if (!upload.ok) throw new Error(`recording ${root} for ${hostname}: ${upload.status} ${await upload.text()}`);
    }
    const added = await fetch(`${url}/api/v2/domains`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ hostname, target }),
    });
    const domain = await added.json();
    if (!added.ok) {
      left.push(`${hostname} (${target}: ${domain.code})`);
      continue;
    }
    const verified = await (await fetch(`${url}/api/v2/domains/${domain.id}/verify`, { method: 'POST', headers: auth })).json();
    if (verified.status !== 'verified') throw new Error(`${hostname} was not verified: ${verified.lastError}`);
  }
  console.log(`DNSLink fixtures: ${Object.keys(domains).length - left.length} verified custom domains`);
  for (const line of left) console.log(`  left out: ${line}`);
}

/** The README's Conformance table, between its markers, from the summaries written so far. */
function writeReadme() {
  const summaries = {};
  for (const name of ['embedded', 'kubo']) {
    const file = path.join(RESULTS, `gateway-conformance-${name}.json`);
    if (fs.existsSync(file)) summaries[name] = JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  const readme = path.join(root, 'README.md');
  const text = fs.readFileSync(readme, 'utf8');
  const begin = '<!-- conformance:begin -->';
  const end = '<!-- conformance:end -->';
  if (!text.includes(begin) || !text.includes(end)) throw new Error(`README.md has no ${begin} … ${end} markers`);
  const exceptions = EXCEPTIONS.map((rule) => `- Cases named "${rule.match.source.replaceAll('_', ' ')}": ${rule.reason}.`).join('\n');
  const table = `${begin}\n${markdownTable(summaries)}\n\nExceptions:\n\n${exceptions}\n${end}`;
  fs.writeFileSync(readme, text.slice(0, text.indexOf(begin)) + table + text.slice(text.indexOf(end) + end.length));
}
