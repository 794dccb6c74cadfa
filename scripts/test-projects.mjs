// Which Vitest project each test file belongs to, decided by what it starts: a file is never listed
// by hand, so a new test lands in the right project by itself.
//   unit     starts nothing: no server, no database server, no daemon, no socket (`npm run test:unit`)
//   api      starts Cairn (in this process or as a process), PostgreSQL databases, or another
//            server on loopback; runs the API on SQLite and on PostgreSQL
//   engines  starts Kubo or IPFS Cluster daemons, or embedded IPFS nodes that dial each other
// A file starts what its value imports start, followed through the repository's own modules. The
// unit and api projects also refuse, while they run, what they must not start
// (server/test/project-guard.ts), so that what this reading misses fails loudly instead.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the tests of the root config live. */
export const TEST_ROOTS = ['shared/src', 'server/src', 'server/test', 'desktop/src'];

/** Modules that start daemons (Kubo, IPFS Cluster). */
const DAEMON_STARTERS = ['scripts/ipfs-local.mjs'];
/** Modules that start Cairn, reach PostgreSQL, or serve on loopback (a DNS server). */
const SERVER_STARTERS = ['server/src/server.ts', 'server/test/pg.ts', 'server/test/process.ts', 'scripts/dns-local.mjs'];
/** Test code that runs embedded IPFS nodes with networking on (they listen and dial). */
const NETWORKED_NODES = /networking:\s*\{\s*mode:\s*'(peers|public)'/;
/** Test code that serves on loopback itself (a stand-in server, a proxy). */
const STARTS_ITSELF = /\.listen\(|\bcreateServer\(/;
const TEST_CODE = /(\.test\.ts$|\/test\/|\/testing\/|test-helpers\.ts$)/;

/** Relative specifiers of value imports and re-exports (`import type` and `export type` start nothing). */
function importsOf(source) {
  const found = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/g;
  for (const match of source.matchAll(statement)) if (!match[2]) found.push(match[3]);
  for (const match of source.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) found.push(match[1]);
  return found;
}

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.mjs`, path.join(base, 'index.ts')];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

// Read once per run: the test files share most of their imports.
const sources = new Map();
const edges = new Map();
const sourceOf = (file) => sources.get(file) ?? sources.set(file, fs.readFileSync(file, 'utf8')).get(file);

/** The repository modules a module imports for their values. */
function importedBy(file) {
  if (!edges.has(file)) {
    const code = /\.(ts|mts|mjs|js)$/.test(file) ? importsOf(sourceOf(file)) : [];
    edges.set(
      file,
      code
        .map((specifier) => resolve(file, specifier))
        .filter((target) => target && !target.includes(`${path.sep}node_modules${path.sep}`)),
    );
  }
  return edges.get(file);
}

/** Every repository module a file imports for its values, itself included. */
function closure(file) {
  const seen = new Set();
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop();
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...importedBy(next));
  }
  return seen;
}

/** 'unit', 'api' or 'engines' for one test file (a path from the repository root). */
export function projectOf(file) {
  const modules = [...closure(path.resolve(root, file))].map((module) => path.relative(root, module).split(path.sep).join('/'));
  const testCode = modules.filter((module) => TEST_CODE.test(module)).map((module) => sourceOf(path.join(root, module)));
  if (modules.some((module) => DAEMON_STARTERS.includes(module)) || testCode.some((code) => NETWORKED_NODES.test(code))) return 'engines';
  if (modules.some((module) => SERVER_STARTERS.includes(module)) || testCode.some((code) => STARTS_ITSELF.test(code))) return 'api';
  return 'unit';
}

function testFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'out' || entry.name === 'dist') continue;
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...testFiles(relative));
    else if (entry.name.endsWith('.test.ts')) found.push(relative);
  }
  return found;
}

/** The test files of each project, from the repository root. */
export function testProjects() {
  const projects = { unit: [], api: [], engines: [] };
  for (const file of TEST_ROOTS.flatMap(testFiles).sort()) projects[projectOf(file)].push(file);
  return projects;
}
