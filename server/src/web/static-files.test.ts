import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

describe('the web UI', () => {
  let server: TestServer;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-ui-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Cairn</title><div id="root"></div>');
    fs.writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(os.tmpdir(), 'cairn-secret.txt'), 'outside');
    server = await startTestServer({ driver: 'sqlite', config: { staticDir: root } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves index.html at / and for client routes, never cached', async () => {
    for (const route of ['/', '/files', '/settings/tokens', '/dag/bafyabc']) {
      const res = await fetch(`${server.url}${route}`, { headers: { accept: 'text/html' } });
      expect(res.status, route).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await fetch(`${server.url}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps API paths and missing assets as 404s and never leaves its folder', async () => {
    expect((await fetch(`${server.url}/api/v2/nothing`, { headers: { accept: 'text/html' } })).headers.get('content-type')).toContain(
      'json',
    );
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
    const traversal = await fetch(`${server.url}/..%2fcairn-secret.txt`);
    expect(await traversal.text()).not.toContain('outside');
  });
});
