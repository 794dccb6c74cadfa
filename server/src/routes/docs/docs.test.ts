import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { SNIPPETS_DIR } from './snippets';

const manifest = JSON.parse(fs.readFileSync(path.join(SNIPPETS_DIR, 'index.json'), 'utf8')) as {
  id: string;
  file: string;
  install: string;
}[];
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('/docs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'sqlite' });
  });
  afterAll(() => server.close());

  it('serves a quick start with curl and code snippets', async () => {
    const res = await fetch(`${server.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain(`${server.url}/api/v2/auth/login`);
    expect(html).toContain('curl');
    expect(html).toContain('/tokens/generate');
    expect(html).not.toMatch(/<script(?![^>]*src)/);
  });

  it('shows the install command and quick start of every SDK and the CLI, from sdks/snippets', async () => {
    const page = await (await fetch(`${server.url}/docs`)).text();
    expect(manifest.map((s) => s.id)).toEqual(['typescript', 'javascript', 'python', 'php', 'go', 'cli']);
    expect(page).toContain(`export CAIRN_API_URL=${server.url}`);
    for (const snippet of manifest) {
      const code = fs.readFileSync(path.join(SNIPPETS_DIR, snippet.file), 'utf8').trim();
      expect(page).toContain(`id="sdk-${snippet.id}"`);
      expect(page).toContain(html(snippet.install));
      expect(page, snippet.file).toContain(html(code));
    }
  });

  it('serves the same snippets as JSON for the app', async () => {
    const res = await fetch(`${server.url}/docs/snippets.json`);
    expect(res.status).toBe(200);
    const { snippets } = (await res.json()) as { snippets: { id: string; code: string; install: string }[] };
    expect(snippets.map((s) => s.id)).toEqual(manifest.map((s) => s.id));
    for (const [i, snippet] of manifest.entries()) {
      expect(snippets[i]!.code).toBe(fs.readFileSync(path.join(SNIPPETS_DIR, snippet.file), 'utf8').trim());
      expect(snippets[i]!.install).toBe(snippet.install);
    }
  });

  it('serves the OpenAPI document it is built from', async () => {
    const res = await fetch(`${server.url}/docs/openapi.yaml`);
    expect(res.headers.get('content-type')).toContain('yaml');
    const doc = parse(await res.text());
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.paths)).toContain('/auth/login');
  });

  it('serves Swagger UI from the package, without any CDN', async () => {
    const page = await (await fetch(`${server.url}/docs/swagger`)).text();
    const sources = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const src of sources) {
      expect(src.startsWith('/docs/swagger/')).toBe(true);
      const asset = await fetch(`${server.url}${src}`);
      expect(asset.status, src).toBe(200);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(10);
    }
    expect((await fetch(`${server.url}/docs/swagger/package.json`)).status).toBe(404);
  });
});
