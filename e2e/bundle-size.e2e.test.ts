import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RENDERER_DIR } from './harness/paths';

const BUDGET_BYTES = 200 * 1024;

/** What a signed-out visitor downloads before the login page shows: entry script(s) and the en translations. */
function initialJavaScript(): { files: string[]; entries: string[]; gzipped: number } {
  const html = fs.readFileSync(path.join(RENDERER_DIR, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  // The detected language's namespaces load before the first render (en here: the largest set).
  const entrySource = entries.map((file) => fs.readFileSync(path.join(RENDERER_DIR, file), 'utf8')).join('\n');
  const locales = [...entrySource.matchAll(/locales\/en\/\w+\.json":\(\)=>\w+\(\(\)=>import\("\.\/([^"]+\.js)"/g)].map(
    (match) => `assets/${match[1]}`,
  );
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
