import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, RENDERER_DIR } from './paths';

/** Builds the renderer once per run (skip with E2E_SKIP_BUILD=1 when it is already fresh). */
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1' && fs.existsSync(path.join(RENDERER_DIR, 'index.html'))) return;
  execFileSync('npx', ['electron-vite', 'build'], {
    cwd: path.join(REPO_ROOT, 'desktop'),
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  });
}
