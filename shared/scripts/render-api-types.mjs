// The wire types as text, from openapi.yaml: `openapi.d.ts` is openapi-typescript's output (types
// only, so the TypeScript SDK can ship it as its own declarations); `schemas.ts` names every
// component schema and lists the values of each enum schema (error codes, audit actions, ...).
// Both are formatted with prettier, so they are stable and pass the repository's format check.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import YAML from 'yaml';

const spec = new URL('../../openapi.yaml', import.meta.url);
const HEADER = '// Generated from openapi.yaml (`npm run generate:api-types`). Do not edit.\n';

/** Export names that would shadow a global. */
const RENAMED = { Error: 'ErrorBody' };

async function format(text) {
  const options = (await prettier.resolveConfig(fileURLToPath(spec))) ?? {};
  return prettier.format(text, { ...options, parser: 'typescript' });
}

function comment(text) {
  if (!text) return '';
  const lines = text.trim().replace(/\*\//g, '*\\/').split('\n');
  return lines.length === 1 ? `/** ${lines[0]} */\n` : `/**\n${lines.map((line) => ` * ${line}`.trimEnd()).join('\n')}\n */\n`;
}
const camel = (name) => name.charAt(0).toLowerCase() + name.slice(1);

function schemasModule(schemas) {
  const lines = [HEADER, "import type { components } from './openapi';\n\n", "type Schemas = components['schemas'];\n\n"];
  for (const [name, schema] of Object.entries(schemas)) {
    const alias = RENAMED[name] ?? name;
    lines.push(`${comment(schema.description)}export type ${alias} = Schemas['${name}'];\n`);
    if (schema.type === 'string' && Array.isArray(schema.enum)) {
      lines.push(`/** Every value of \`${alias}\`, in the order openapi.yaml lists them. */\n`);
      lines.push(`export const ${camel(alias)}Values = ${JSON.stringify(schema.enum)} as const satisfies readonly ${alias}[];\n`);
    }
  }
  return lines.join('');
}

/** `{ 'openapi.d.ts': text, 'schemas.ts': text }`: the generated files of shared/src/api-types. */
export async function renderApiTypes() {
  const source = fs.readFileSync(spec, 'utf8');
  const ast = await openapiTS(source);
  return {
    'openapi.d.ts': await format(`${HEADER}${astToString(ast)}`),
    'schemas.ts': await format(schemasModule(YAML.parse(source).components.schemas)),
  };
}
