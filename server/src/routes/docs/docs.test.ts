import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

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
