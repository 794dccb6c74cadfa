import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The quick starts of `sdks/snippets`, each run with its language's own runtime against a live
 * server. Run from the repository root: `npx vitest run -c sdks/snippets/vitest.config.ts`.
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['sdks/snippets/test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 90_000,
  },
});
