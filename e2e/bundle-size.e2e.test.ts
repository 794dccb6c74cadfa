import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RENDERER_DIR, REPO_ROOT } from './harness/paths';

const BUDGET_BYTES = 200 * 1024;

/**
 * The namespaces i18next loads before the first render (`NAMESPACES` in the UI's i18n.ts); the
 * others (admin, desktop, names) are fetched when a screen that needs them first opens.
 */
function startupNamespaces(): string[] {
  const source = fs.readFileSync(path.join(REPO_ROOT, 'desktop/src/renderer/src/lib/i18n.ts'), 'utf8');
  const list = /export const NAMESPACES = \[([^\]]+)\]/.exec(source)?.[1];
  if (!list) throw new Error('NAMESPACES not found in i18n.ts');
  return [...list.matchAll(/'(\w+)'/g)].map((match) => match[1]!);
}

/** What a signed-out visitor downloads before the login page shows: entry script(s) and the en translations. */
function initialJavaScript(): { files: string[]; entries: string[]; gzipped: number } {
  const html = fs.readFileSync(path.join(RENDERER_DIR, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  // The detected language's startup namespaces load before the first render (en here: the largest set).
  const entrySource = entries.map((file) => fs.readFileSync(path.join(RENDERER_DIR, file), 'utf8')).join('\n');
  const startup = new Set(startupNamespaces());
  const locales = [...entrySource.matchAll(/locales\/en\/(\w+)\.json":\(\)=>\w+\(\(\)=>import\("\.\/([^"]+\.js)"/g)]
    .filter((match) => startup.has(match[1]!))
    .map((match) => `assets/${match[2]}`);
  expect(locales).toHaveLength(startup.size);
  const files = [...entries, ...locales];
  const gzipped = files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(RENDERER_DIR, file)), { level: 9 }).length, 0);
  return { files, entries, gzipped };
}

describe('signed-out bundle', () => {
  it(`stays under ${BUDGET_BYTES / 1024} KB of gzipped JavaScript, with the API docs and admin area split out`, () => {
    const { files, entries, gzipped } = initialJavaScript();
    expect(files.some((file) => file.includes('/index-'))).toBe(true);
    expect(gzipped).toBeLessThan(BUDGET_BYTES);
    const entry = entries.map((file) => fs.readFileSync(path.join(RENDERER_DIR, file), 'utf8')).join('\n');
    // The API reference (and its YAML parser) and the admin area load on demand only.
    expect(entry).not.toContain('/docs/openapi.yaml');
    expect(entry).not.toContain('admin_dashboard');
    const chunks = fs.readdirSync(path.join(RENDERER_DIR, 'assets'));
    expect(chunks.some((file) => file.startsWith('api-docs-page-'))).toBe(true);
    expect(chunks.some((file) => file.startsWith('admin-area-'))).toBe(true);
    console.log(`initial signed-out JavaScript: ${(gzipped / 1024).toFixed(1)} KB gzipped in ${files.length} files`);
  });
});
