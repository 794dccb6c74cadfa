import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The TypeScript SDK, its CLI and the JavaScript build, against live servers started by
 * sdks/harness/serve.ts. Run from the repository root: `npx vitest run -c sdks/typescript/vitest.config.ts`.
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['sdks/typescript/test/**/*.test.ts', 'sdks/javascript/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
