#!/usr/bin/env node
// The `cairn` command. In the repository (where the TypeScript sources are) it runs them through
// tsx, so `npx cairn` never runs a stale build; a published package runs its build.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/run.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist/esm/cli/run.js', import.meta.url).href);
}
