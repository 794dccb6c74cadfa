// `npm test`: every check CI runs — system packages, lint, types, the OpenAPI lint, then all tests
// (unit, API on SQLite and PostgreSQL, embedded IPFS, Playwright in Chromium).
import { ensureDependencies, ensureUiBuild, run } from './lib.mjs';

run('bash', ['scripts/ensure-system.sh']);
ensureDependencies();
ensureUiBuild();
run('npm', ['run', 'lint']);
run('npm', ['run', 'typecheck']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
// The TypeScript SDK, its CLI (through a real terminal) and the JavaScript build (in Chromium).
run('npx', ['vitest', 'run', '-c', 'sdks/typescript/vitest.config.ts']);
// Browser tests in Chromium against a real server, one file at a time.
run('npx', ['vitest', 'run', '-c', 'e2e/vitest.config.ts']);
