// Regenerates src/generated/openapi.ts from the repository's openapi.yaml with openapi-typescript.
// `--check` exits 1 when the checked-in file differs (the test suite runs the same comparison).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderTypes } from './render-types.mjs';

const target = fileURLToPath(new URL('../src/generated/openapi.ts', import.meta.url));
const fresh = await renderTypes();
if (process.argv.includes('--check')) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current !== fresh) {
    console.error('src/generated/openapi.ts is stale: run `npm run generate -w @cairn/sdk`');
    process.exit(1);
  }
} else {
  fs.writeFileSync(target, fresh);
}
