/** The package itself: versions, and its builds, whose declarations stand on their own. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SDK_VERSION } from '../src';
import { repoRoot } from './harness';

const pkgDir = path.join(repoRoot, 'sdks/typescript');

/**
 * Users install the package without the repository's private workspace packages: its declarations
 * carry the generated wire types themselves, and type-check with nothing else but Node's types.
 */
function expectSelfContained(typesDir: string): void {
  const files = (fs.readdirSync(typesDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.d.ts'));
  expect(files).toContain(path.join('generated', 'openapi.d.ts'));
  for (const file of files) expect(fs.readFileSync(path.join(typesDir, file), 'utf8'), file).not.toMatch(/from '@cairn\//);
  const consumer = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-sdk-consumer-'));
  try {
    fs.writeFileSync(
      path.join(consumer, 'use.ts'),
      `import type { Cairn, Usage } from ${JSON.stringify(path.join(typesDir, 'index'))};\n` +
        'export const planOf = (usage: Usage): string => usage.planCode;\nexport type Client = Cairn;\n',
    );
    const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
    const options = [
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      'false',
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      '--target',
      'es2022',
    ];
    const types = ['--lib', 'es2023,dom', '--types', 'node', '--typeRoots', path.join(repoRoot, 'node_modules/@types')];
    execFileSync(process.execPath, [tsc, ...options, ...types, path.join(consumer, 'use.ts')], { cwd: consumer, stdio: 'pipe' });
  } finally {
    fs.rmSync(consumer, { recursive: true, force: true });
  }
}

describe('@cairn/sdk package', () => {
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
      expectSelfContained(path.join(out, 'types'));
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
