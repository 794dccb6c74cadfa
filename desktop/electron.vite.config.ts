import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const here = import.meta.dirname;

/** The SDK built from its sources, as tsconfig.base.json's `paths` resolve it (it is a workspace package whose dist/ is made only to publish). */
const sdkSources = resolve(here, '../sdks/typescript/src');
const sdk = { '@cairn/sdk': resolve(sdkSources, 'index.ts') };

/** The SDK imports `node:` modules only once it runs in Node: in the page they stand for nothing. */
const sdkNodeOnly: Plugin = {
  name: 'cairn:sdk-node-only',
  enforce: 'pre',
  resolveId: (id, importer) => (id.startsWith('node:') && importer?.startsWith(sdkSources) ? '\0sdk-node-only' : null),
  load: (id) => (id === '\0sdk-node-only' ? 'export default {};' : null),
};

/**
 * One renderer build serves two shells: Electron loads out/renderer/index.html from disk and the
 * Koa server serves the same folder at `/`. Asset URLs are therefore absolute (`/assets/...`) for
 * the web; Electron loads the app through its own `app://` protocol so they resolve there too.
 */
export default defineConfig({
  main: {
    resolve: { alias: sdk },
    build: {
      outDir: 'out/main',
      // Bundle chokidar and the rest: installers ship the bundles only, without node_modules.
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(here, 'src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload must be a single CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(here, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(here, 'src/renderer'),
    resolve: { alias: sdk },
    // electron-vite forces a relative base ('./') for production builds; the Koa server serves
    // nested client routes (/settings/tokens) from the same index.html, so asset URLs must be absolute.
    plugins: [react(), sdkNodeOnly, { name: 'cairn:absolute-base', config: () => ({ base: '/' }) }],
    server: { fs: { allow: [resolve(here, '..')] } },
    build: {
      outDir: resolve(here, 'out/renderer'),
      emptyOutDir: true,
      sourcemap: false,
      minify: true,
      cssMinify: true,
      chunkSizeWarningLimit: 700,
      rollupOptions: { input: resolve(here, 'src/renderer/index.html') },
    },
  },
});
