// Compiles the server into one ES module (plus the import worker) under server/dist, so a start
// loads plain JavaScript instead of compiling TypeScript through tsx every time, and reads a few
// files instead of resolving thousands of modules. Only packages that cannot be bundled stay
// external: native addons, and packages that read files beside themselves.
import path from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';
import { keepOwnMappings } from './own-source-map.mjs';

const serverDir = path.join(root, 'server');
const EXTERNAL = ['better-sqlite3', 'argon2', 'pg-native', 'swagger-ui-dist', 'tsx'];

/**
 * `entries` names other entry modules in place of the server's `main` (the benchmarks compile their
 * own server process this way); the import worker is always built beside them, where the server
 * looks for it.
 */
export async function buildServer({
  entries = { main: path.join(serverDir, 'src', 'main.ts') },
  outdir = path.join(serverDir, 'dist'),
} = {}) {
  const { metafile } = await build({
    entryPoints: {
      ...entries,
      'import-worker': path.join(serverDir, 'src', 'content', 'import', 'import-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    external: EXTERNAL,
    // Bundled CommonJS helpers need a require() in an ES module.
    banner: { js: "import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);" },
    logLevel: 'warning',
    metafile: true,
  });
  const maps = Object.keys(metafile.outputs).filter((output) => output.endsWith('.map'));
  await Promise.all(maps.map((map) => keepOwnMappings(path.resolve(map))));
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
