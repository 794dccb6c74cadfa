import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The desktop app's SDK, from its sources (see tsconfig.base.json's `paths`).
  resolve: { alias: { '@cairn/sdk': fileURLToPath(new URL('sdks/typescript/src/index.ts', import.meta.url)) } },
  test: {
    include: ['shared/src/**/*.test.ts', 'server/src/**/*.test.ts', 'server/test/**/*.test.ts', 'desktop/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    setupFiles: ['server/test/setup.ts'],
  },
});
