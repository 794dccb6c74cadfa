// Compiles the server into one ES module (plus the import worker) under server/dist, so a start
// loads plain JavaScript instead of compiling TypeScript through tsx every time. npm packages stay
// external (native addons, files they read beside themselves); the workspace's own TypeScript
// (@cairn/shared) is bundled in.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

const serverDir = path.join(root, 'server');
const external = Object.keys(JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')).dependencies).filter(
  (name) => !name.startsWith('@cairn/'),
);

export async function buildServer() {
  await build({
    entryPoints: {
      main: path.join(serverDir, 'src', 'main.ts'),
      'import-worker': path.join(serverDir, 'src', 'content', 'import', 'import-worker.ts'),
    },
    outdir: path.join(serverDir, 'dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    external: [...external, 'zod'],
    // Bundled CommonJS helpers need a require() in an ES module.
    banner: { js: "import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
