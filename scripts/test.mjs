// `npm test`: every check CI runs — system packages, lint, types, the OpenAPI lint, then all tests
// (unit, API on SQLite and PostgreSQL, embedded IPFS, Playwright in Chromium).
import { ensureDependencies, ensureUiBuild, run } from './lib.mjs';

run('bash', ['scripts/ensure-system.sh']);
ensureDependencies();
ensureUiBuild();
// Kubo and IPFS Cluster, built from the Go module proxy at pinned versions (instant when built).
run('node', ['scripts/build-tools.mjs']);
run('npm', ['run', 'lint']);
run('npm', ['run', 'typecheck']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
// schemathesis fuzzes every operation of the served contract against a live server.
run('node', ['scripts/test-contract.mjs']);
// The Python SDK: ruff, mypy and its pytest suite against a live server (its own virtualenv).
run('bash', ['sdks/python/scripts/test.sh']);
// The TypeScript SDK, its CLI (through a real terminal) and the JavaScript build (in Chromium).
run('npx', ['vitest', 'run', '-c', 'sdks/typescript/vitest.config.ts']);
// Browser tests in Chromium against a real server, one file at a time.
run('npx', ['vitest', 'run', '-c', 'e2e/vitest.config.ts']);
// The Go and PHP SDKs, each running the SDK scenario against a live server.
run('node', ['scripts/test-sdk-go.mjs']);
run('node', ['scripts/test-sdk-php.mjs']);
// The quick starts /docs and the app show, each run with its own runtime (after the Python
// suite, whose virtualenv they use).
run('npx', ['vitest', 'run', '-c', 'sdks/snippets/vitest.config.ts']);
