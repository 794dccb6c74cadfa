// Builds the pinned Go tools the tests and benchmarks run beside Cairn — Kubo (`ipfs`) and IPFS
// Cluster (`ipfs-cluster-service`, `ipfs-cluster-ctl`) — from the Go module proxy into the ignored
// `.tools/bin`. Each tool is a Go module of its own under `tools/go/<name>` whose `tool` directives
// and go.sum pin the versions. A stamp records what was built from which go.mod/go.sum and Go
// version, so a second run builds nothing. Usage: `node scripts/build-tools.mjs [name...]`.
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

/** Builds every tool module (or the named ones). */
export function buildTools(names = Object.keys(BINARIES)) {
  const go = goVersion();
  for (const name of names) buildTool(name, go);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    buildTools(process.argv.length > 2 ? process.argv.slice(2) : undefined);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
