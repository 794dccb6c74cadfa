// Regenerates shared/src/api-types from openapi.yaml (`npm run generate:api-types`). `--check` exits 1
// when a checked-in file differs (shared/src/api-types/api-types.test.ts runs the same comparison).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderApiTypes } from './render-api-types.mjs';

const dir = fileURLToPath(new URL('../src/api-types/', import.meta.url));
const stale = [];
for (const [file, fresh] of Object.entries(await renderApiTypes())) {
  const target = path.join(dir, file);
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current === fresh) continue;
  if (process.argv.includes('--check')) stale.push(file);
  else fs.writeFileSync(target, fresh);
}
if (stale.length > 0) {
  console.error(`shared/src/api-types/{${stale.join(',')}} stale: run \`npm run generate:api-types\``);
  process.exit(1);
}
