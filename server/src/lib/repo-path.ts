import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * A path inside the repository (`openapi.yaml`, the built UI). Found by walking up from this
 * module to the folder holding `openapi.yaml`, so it is the same whether the server runs from its
 * TypeScript sources or from the compiled bundle in `server/dist`.
 */
export function repoPath(...segments: string[]): string {
  if (!root) {
    let dir = path.dirname(fileURLToPath(import.meta.url));
    while (!fs.existsSync(path.join(dir, 'openapi.yaml'))) {
      const parent = path.dirname(dir);
      if (parent === dir) throw new Error('cannot find the repository root (openapi.yaml) above the server');
      dir = parent;
    }
    root = dir;
  }
  return path.join(root, ...segments);
}
