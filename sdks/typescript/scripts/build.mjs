// Builds the package: ESM and CJS bundles of the SDK, the CLI for Node, and the declarations
// (into dist/, or the folder of `--out=`). `--javascript` also writes the dependency-free ESM
// build and its declarations into sdks/javascript, formatted so they read like source.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import prettier from 'prettier';

const root = fileURLToPath(new URL('..', import.meta.url));
const javascriptDir = fileURLToPath(new URL('../../javascript/', import.meta.url));

const library = {
  entryPoints: ['src/index.ts'],
  absWorkingDir: root,
  bundle: true,
  target: 'es2022',
  external: ['node:*'],
  logLevel: 'warning',
};

// Generated files are not linted: their source, sdks/typescript/src, is.
const JS_HEADER =
  '// Cairn JavaScript SDK: generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.\n/* eslint-disable */\n';

const DTS_HEADER = '// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.\n';

/** The wire types the sources import from the private workspace package, and where the package ships them. */
const WIRE_TYPES = '@cairn/shared/api-types/openapi';
const wireTypesSource = fileURLToPath(new URL('../../../shared/src/api-types/openapi.d.ts', import.meta.url));
const WIRE_TYPES_FILE = 'generated/openapi.d.ts';
const WIRE_TYPES_HEADER = '// Generated from openapi.yaml (`npm run generate:api-types`), copied by the SDK build. Do not edit.\n';

const declarationFiles = (dir) =>
  fs
    .readdirSync(dir, { recursive: true })
    .map((file) => path.join(dir, String(file)))
    .filter((file) => file.endsWith('.d.ts'));

/**
 * Makes the declarations in `dir` self-contained: the generated wire types, which the sources import
 * from the private `@cairn/shared`, are copied in as `generated/openapi.d.ts` and imported from there.
 */
function inlineWireTypes(dir) {
  const target = path.join(dir, WIRE_TYPES_FILE);
  for (const file of declarationFiles(dir)) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(WIRE_TYPES)) continue;
    const relative = path
      .relative(path.dirname(file), target)
      .replace(/\.d\.ts$/, '')
      .split(path.sep)
      .join('/');
    fs.writeFileSync(file, text.replaceAll(`'${WIRE_TYPES}'`, `'${relative.startsWith('.') ? relative : `./${relative}`}'`));
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, `${WIRE_TYPES_HEADER}${fs.readFileSync(wireTypesSource, 'utf8').replace(/^\/\/.*\n/, '')}`);
  const leaked = declarationFiles(dir).filter((file) => fs.readFileSync(file, 'utf8').includes('@cairn/shared'));
  if (leaked.length > 0) throw new Error(`declarations import a workspace package: ${leaked.join(', ')}`);
}

async function format(text, parser) {
  const options = (await prettier.resolveConfig(path.join(root, 'package.json'))) ?? {};
  return prettier.format(text, { ...options, parser });
}

/** The dependency-free ESM build as text: runs in browsers and in Node without a build step. */
export async function bundleJavascript() {
  const result = await build({ ...library, platform: 'neutral', format: 'esm', write: false });
  return format(`${JS_HEADER}${result.outputFiles[0].text}`, 'babel');
}

/** Writes the JavaScript build's declarations into `dir`, formatted. */
export async function javascriptTypes(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [path.join(root, '../../node_modules/typescript/bin/tsc'), '-p', 'tsconfig.javascript.json', '--declarationDir', dir],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  inlineWireTypes(dir);
  for (const full of declarationFiles(dir)) {
    const text = fs.readFileSync(full, 'utf8');
    // Declarations keep the sources' value imports, which the lint rule wants as `import type`.
    const valueImport = [...text.matchAll(/^import \{([^}]*)\}/gm)].some((m) => m[1].split(',').some((s) => !/^\s*type\s/.test(s)));
    const header = text.startsWith(WIRE_TYPES_HEADER) ? '' : valueImport ? `${DTS_HEADER}/* eslint-disable */\n` : DTS_HEADER;
    fs.writeFileSync(full, await format(`${header}${text}`, 'typescript'));
  }
}

async function main() {
  const out = path.resolve(root, process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length) ?? 'dist');
  fs.rmSync(out, { recursive: true, force: true });
  await build({ ...library, platform: 'neutral', format: 'esm', outfile: `${out}/esm/index.js` });
  await build({ ...library, platform: 'node', format: 'cjs', outfile: `${out}/cjs/index.cjs` });
  await build({
    ...library,
    entryPoints: ['src/cli/run.ts'],
    platform: 'node',
    format: 'esm',
    target: 'node18',
    outfile: `${out}/esm/cli/run.js`,
  });
  execFileSync(
    process.execPath,
    [path.join(root, '../../node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--declarationDir', `${out}/types`],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  inlineWireTypes(`${out}/types`);
  if (process.argv.includes('--javascript')) {
    fs.writeFileSync(`${javascriptDir}cairn.js`, await bundleJavascript());
    await javascriptTypes(`${javascriptDir}types`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
