import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testProjects } from './scripts/test-projects.mjs';

// Three projects, by what their tests start (scripts/test-projects.mjs): `unit` (nothing: `npm run
// test:unit`), `api` (Cairn on SQLite and PostgreSQL) and `engines` (Kubo and IPFS Cluster
// daemons). `npx vitest run` runs all three, two files at a time in all; the browser tests have
// their own config (e2e/).
const files = testProjects();
const project = (name: keyof typeof files) => ({
  extends: true as const,
  test: {
    name,
    include: files[name],
    env: { CAIRN_TEST_PROJECT: name },
    // The compiled server, built once before the workers start (the unit project starts none).
    globalSetup: name === 'unit' ? [] : ['server/test/server-build-setup.ts'],
  },
});

export default defineConfig({
  // The desktop app's SDK, from its sources (see tsconfig.base.json's `paths`).
  resolve: { alias: { '@cairn/sdk': fileURLToPath(new URL('sdks/typescript/src/index.ts', import.meta.url)) } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    setupFiles: ['server/test/setup.ts'],
    projects: [project('unit'), project('api'), project('engines')],
  },
});
