// Builds the pinned Go tools the tests and benchmarks run beside Cairn — Kubo (`ipfs`) and IPFS
// Cluster (`ipfs-cluster-service`, `ipfs-cluster-ctl`) — from the Go module proxy into the ignored
// `.tools/bin`. Each tool is a Go module of its own under `tools/go/<name>` whose `tool` directives
// and go.sum pin the versions. The IPFS gateway conformance suite, which the module proxy does not
// serve, is built from its source in ../shared/vendor (its dependencies from the proxy). A stamp
// records what was built from which sources and Go version, so a second run builds nothing.
// Usage: `node scripts/build-tools.mjs [name...]` (names: kubo, cluster, conformance).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

export const TOOLS_BIN = path.join(root, '.tools', 'bin');
const STAMPS = path.join(root, '.tools', 'stamps');
const MODULES = path.join(root, 'tools', 'go');

/** The binaries each module's `tool` directives produce. */
const BINARIES = {
  kubo: ['ipfs'],
  cluster: ['ipfs-cluster-service', 'ipfs-cluster-ctl'],
};

/** The gateway conformance suite's source (read-only where CI lays it out); `test` runs from here. */
export const CONFORMANCE_HOME = path.resolve(root, '..', 'shared', 'vendor', 'gateway-conformance');
export const CONFORMANCE_BIN = path.join(TOOLS_BIN, 'gateway-conformance');

function goVersion() {
  const result = spawnSync('go', ['env', 'GOVERSION'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error('Go is needed to build the IPFS tools: `go` was not found');
  return result.stdout.trim();
}

function stampOf(name, go) {
  const hash = crypto.createHash('sha256').update(go);
  for (const file of ['go.mod', 'go.sum']) hash.update(fs.readFileSync(path.join(MODULES, name, file)));
  return hash.digest('hex');
}

/** Builds one tool module unless its binaries are there and were built from the same pins. */
export function buildTool(name, go = goVersion()) {
  const binaries = BINARIES[name];
  if (!binaries) throw new Error(`unknown tool module "${name}" (known: ${Object.keys(BINARIES).join(', ')})`);
  const stampFile = path.join(STAMPS, name);
  const stamp = stampOf(name, go);
  const built = binaries.every((bin) => fs.existsSync(path.join(TOOLS_BIN, bin)));
  if (built && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) return false;
  console.log(`Building ${binaries.join(', ')} (tools/go/${name}) with ${go}…`);
  fs.mkdirSync(TOOLS_BIN, { recursive: true });
  const started = Date.now();
  const result = spawnSync('go', ['install', '-trimpath', 'tool'], {
    cwd: path.join(MODULES, name),
    stdio: 'inherit',
    env: { ...process.env, GOBIN: TOOLS_BIN, GOFLAGS: '-mod=readonly', CGO_ENABLED: '0' },
  });
  if (result.status !== 0) throw new Error(`building tools/go/${name} failed (exit ${result.status ?? result.signal})`);
  fs.mkdirSync(STAMPS, { recursive: true });
  fs.writeFileSync(stampFile, stamp);
  console.log(`Built ${name} in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}

/** Hash of every file under `dir` (sorted by path), for a stamp. */
function treeHash(hash, dir) {
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  for (const file of files.map((entry) => path.join(entry.parentPath, entry.name)).sort()) {
    hash.update(path.relative(dir, file)).update(fs.readFileSync(file));
  }
}

/** Builds the gateway conformance suite's command unless it was built from the same source. */
export function buildConformance(go = goVersion()) {
  if (!fs.existsSync(path.join(CONFORMANCE_HOME, 'go.mod'))) {
    throw new Error(`the gateway conformance suite is not at ${CONFORMANCE_HOME} (see ../shared/vendor/README.md)`);
  }
  const hash = crypto.createHash('sha256').update(go);
  for (const file of ['go.mod', 'go.sum']) hash.update(fs.readFileSync(path.join(CONFORMANCE_HOME, file)));
  for (const dir of ['cmd', 'tooling']) treeHash(hash, path.join(CONFORMANCE_HOME, dir));
  const stamp = hash.digest('hex');
  const stampFile = path.join(STAMPS, 'conformance');
  if (fs.existsSync(CONFORMANCE_BIN) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) return false;
  console.log(`Building gateway-conformance (${path.relative(root, CONFORMANCE_HOME)}) with ${go}…`);
  fs.mkdirSync(TOOLS_BIN, { recursive: true });
  const started = Date.now();
  const result = spawnSync('go', ['build', '-trimpath', '-o', CONFORMANCE_BIN, './cmd/gateway-conformance'], {
    cwd: CONFORMANCE_HOME,
    stdio: 'inherit',
    env: { ...process.env, GOFLAGS: '-mod=readonly -modcacherw', CGO_ENABLED: '0' },
  });
  if (result.status !== 0) throw new Error(`building gateway-conformance failed (exit ${result.status ?? result.signal})`);
  fs.mkdirSync(STAMPS, { recursive: true });
  fs.writeFileSync(stampFile, stamp);
  console.log(`Built gateway-conformance in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}

/** Builds every tool (or the named ones). */
export function buildTools(names = [...Object.keys(BINARIES), 'conformance']) {
  const go = goVersion();
  for (const name of names) {
    if (name === 'conformance') buildConformance(go);
    else buildTool(name, go);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    buildTools(process.argv.length > 2 ? process.argv.slice(2) : undefined);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
