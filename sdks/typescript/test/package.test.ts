/** The package itself: generated types in step with openapi.yaml, versions, and its builds. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTypes } from '../scripts/render-types.mjs';
import { SDK_VERSION } from '../src';
import { repoRoot } from './harness';

const pkgDir = path.join(repoRoot, 'sdks/typescript');

describe('@cairn/sdk package', () => {
  it('has types generated from the current openapi.yaml', async () => {
    const checkedIn = fs.readFileSync(path.join(pkgDir, 'src/generated/openapi.ts'), 'utf8');
    // A stale file fails here: run `npm run generate -w @cairn/sdk`.
    expect(checkedIn === (await renderTypes())).toBe(true);
  });

  it('reports the version of package.json, and the JavaScript build shares it', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
    const js = JSON.parse(fs.readFileSync(path.join(repoRoot, 'sdks/javascript/package.json'), 'utf8'));
    expect(SDK_VERSION).toBe(pkg.version);
    expect(js.version).toBe(pkg.version);
  });

  it('builds ESM and CJS entry points that export the client, and a runnable CLI', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-sdk-build-'));
    try {
      execFileSync(process.execPath, ['scripts/build.mjs', `--out=${out}`], { cwd: pkgDir, stdio: 'pipe' });
      const cjs = createRequire(import.meta.url)(path.join(out, 'cjs/index.cjs'));
      expect(typeof cjs.Cairn).toBe('function');
      expect(typeof cjs.QuotaExceededError).toBe('function');
      const esm = execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const m = await import(${JSON.stringify(path.join(out, 'esm/index.js'))}); console.log(typeof m.Cairn, m.SDK_VERSION);`,
        ],
        { encoding: 'utf8' },
      );
      expect(esm.trim()).toBe(`function ${SDK_VERSION}`);
      expect(fs.existsSync(path.join(out, 'types/index.d.ts'))).toBe(true);
      const version = execFileSync(process.execPath, [path.join(out, 'esm/cli/run.js'), '--version'], { encoding: 'utf8' });
      expect(version.trim()).toBe(SDK_VERSION);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 240_000);

  it('runs as `npx cairn` from the repository root', () => {
    const version = execFileSync('npx', ['--no-install', 'cairn', '--version'], { cwd: repoRoot, encoding: 'utf8' });
    expect(version.trim()).toBe(SDK_VERSION);
  });
});
