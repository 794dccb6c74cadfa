// The generated types as text: openapi-typescript over openapi.yaml, then prettier, so the file
// is stable and passes the repository's format check.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';

const spec = new URL('../../../openapi.yaml', import.meta.url);
const HEADER = '// Generated from openapi.yaml by openapi-typescript (`npm run generate -w @cairn/sdk`). Do not edit.\n';

export async function renderTypes() {
  const ast = await openapiTS(fs.readFileSync(spec, 'utf8'));
  const text = `${HEADER}${astToString(ast)}`;
  const options = (await prettier.resolveConfig(fileURLToPath(spec))) ?? {};
  return prettier.format(text, { ...options, parser: 'typescript' });
}
