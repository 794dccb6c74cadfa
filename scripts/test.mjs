// `npm test`: every check CI runs — system packages, lint, types, the OpenAPI lint, then all tests
// (unit, API on SQLite and PostgreSQL, engines on Kubo and IPFS Cluster daemons, Playwright in
// Chromium). Steps that neither need both cores nor measure time run side by side: the contract
// fuzzer runs for a fixed time.
import { ensureDependencies, ensureUiBuild, run, step, stepsTogether } from './lib.mjs';

run('bash', ['scripts/ensure-system.sh']);
ensureDependencies();
ensureUiBuild();
// Kubo and IPFS Cluster, built from the Go module proxy at pinned versions, and the gateway
// conformance suite from ../shared/vendor (each instant when built).
run('node', ['scripts/build-tools.mjs']);
await stepsTogether([
  { name: 'lint', command: 'npm', args: ['run', 'lint'] },
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  // schemathesis fuzzes every operation of the served contract against a live server.
  { name: 'contract', command: 'node', args: ['scripts/test-contract.mjs'] },
  // The Python SDK: ruff, mypy and its pytest suite against a live server (its own virtualenv).
  { name: 'python sdk', command: 'bash', args: ['sdks/python/scripts/test.sh'] },
]);
// The unit, API and engine projects (vitest.config.ts), in one run that shares the two cores.
step('unit, API and engine tests', 'npx', ['vitest', 'run', ...process.argv.slice(2)]);
// The TypeScript SDK, its CLI (through a real terminal) and the JavaScript build (in Chromium).
step('typescript sdk', 'npx', ['vitest', 'run', '-c', 'sdks/typescript/vitest.config.ts']);
// Browser tests in Chromium against a real server, one file at a time.
step('browser tests', 'npx', ['vitest', 'run', '-c', 'e2e/vitest.config.ts']);
await stepsTogether([
  // The IPFS gateway conformance suite against the built server, on the embedded and kubo engines.
  { name: 'gateway conformance', command: 'node', args: ['scripts/test-gateway-conformance.mjs', '--engines=embedded,kubo'] },
  // The Go and PHP SDKs, each running the SDK scenario against a live server.
  { name: 'go sdk', command: 'node', args: ['scripts/test-sdk-go.mjs'] },
  { name: 'php sdk', command: 'node', args: ['scripts/test-sdk-php.mjs'] },
  // The quick starts /docs and the app show, each run with its own runtime (after the Python
  // suite, whose virtualenv they use).
  { name: 'quick starts', command: 'npx', args: ['vitest', 'run', '-c', 'sdks/snippets/vitest.config.ts'] },
]);
