import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode } from '@jridgewell/sourcemap-codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';

const FIXTURE = fileURLToPath(new URL('./fixtures/stack-in-package.ts', import.meta.url));

describe('the compiled server', () => {
  let outdir: string;
  beforeAll(async () => {
    outdir = mkdtempSync(path.join(os.tmpdir(), 'cairn-build-'));
    await buildServer({ entries: { fixture: FIXTURE }, outdir });
  }, 60_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('maps stack frames in Cairn’s code to their source line, and none in a package to Cairn’s code', () => {
    const stack = execFileSync(process.execPath, ['--enable-source-maps', path.join(outdir, 'fixture.js')]).toString();
    const frames = stack.split('\n').filter((line) => line.trimStart().startsWith('at '));
    const ours = frames.findIndex((frame) => frame.includes('parseRequestedCid'));
    expect(ours).toBeGreaterThan(0);
    expect(frames[ours]).toContain('stack-in-package.ts:6:');
    // The frames above it run in multiformats: they show their place in the bundle, never a line
    // of Cairn's that did not run.
    for (const frame of frames.slice(0, ours)) {
      expect(frame).not.toContain('stack-in-package.ts');
      expect(frame).toMatch(/fixture\.js:\d+:\d+|node_modules/);
    }
  });

  it('keeps only the mappings of Cairn’s own sources', () => {
    const map = JSON.parse(readFileSync(path.join(outdir, 'fixture.js.map'), 'utf8'));
    const packages = new Set(map.sources.flatMap((source: string, i: number) => (source.includes('node_modules/') ? [i] : [])));
    const segments = decode(map.mappings).flat();
    expect(packages.size).toBeGreaterThan(0);
    expect(segments.some((segment) => segment.length > 1 && !packages.has(segment[1]))).toBe(true);
    expect(segments.filter((segment) => segment.length > 1 && packages.has(segment[1]))).toEqual([]);
    expect(map.sourcesContent.filter((content: string | null, i: number) => packages.has(i) && content !== null)).toEqual([]);
  });
});
