import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uploadFile, type TestUser } from '../../../test/factories';
import { serverSuite } from '../../../test/suites';

const TUS_CLIENT = new URL('../../../../node_modules/tus-js-client/dist/tus.min.js', import.meta.url);

/** Another site: a page and the tus browser client, served from its own loopback port. */
async function startOtherSite(): Promise<{ url: string; close(): Promise<void> }> {
  const site = http.createServer((req, res) => {
    if (req.url === '/tus.min.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      fs.createReadStream(TUS_CLIENT).pipe(res);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>shop</title><script src="/tus.min.js"></script>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => site.close(() => resolve())),
  };
}

describe('a page of another origin', () => {
  const suite = serverSuite('sqlite');
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startOtherSite>>;
  let user: TestUser;
  beforeAll(async () => {
    site = await startOtherSite();
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    user = await createUser(suite.server);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('uploads with tus-js-client through a signed URL, and cannot use a session', async () => {
    const { server } = suite;
    const signed = await server.api.post('/api/v2/uploads/signed', { maxBytes: 2_000_000, expiresIn: 300 }, { token: user.token });
    expect(signed.status).toBe(201);
    const content = crypto.randomBytes(1_500_000);
    const page = await browser.newPage();
    try {
      await page.goto(site.url);
      expect(new URL(page.url()).origin).not.toBe(new URL(server.url).origin);
      const result = await page.evaluate(
        ({ endpoint, base64 }) =>
          new Promise<{ body: string; status: number; url: string | null }>((resolve, reject) => {
            const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
            // @ts-expect-error -- the UMD build of tus-js-client, loaded by the page
            const upload = new window.tus.Upload(new Blob([bytes]), {
              endpoint,
              chunkSize: 512 * 1024,
              metadata: { filename: 'poster.bin' },
              retryDelays: [],
              onError: (error: Error) => reject(error),
              onSuccess: ({ lastResponse }: { lastResponse: { getBody(): string; getStatus(): number } }) =>
                resolve({ body: lastResponse.getBody(), status: lastResponse.getStatus(), url: upload.url }),
            });
            upload.start();
          }),
        { endpoint: `${signed.body.url}/resumable`, base64: content.toString('base64') },
      );
      expect(result.status).toBe(200);
      expect(result.url).toMatch(/\/api\/v2\/uploads\/resumable\/[A-Za-z0-9_-]{43}$/);
      const record = JSON.parse(result.body);
      expect(record).toMatchObject({ name: 'poster.bin', size: content.length });
      const same = await uploadFile(server, await createUser(server), 'same.bin', content, '?cidVersion=1');
      expect(record.cid).toBe(same.cid);
      const mine = await server.api.get(`/api/v2/uploads/${record.uploadId}`, { token: user.token });
      expect(mine.status).toBe(200);

      // A token works from the page; a request with credentials (a session cookie) is refused.
      const reads = await page.evaluate(
        async ({ api, token }) => {
          const withToken = await fetch(`${api}/api/v2/users/me`, { headers: { Authorization: `Bearer ${token}` } });
          const withCookie = await fetch(`${api}/api/v2/users/me`, { credentials: 'include' }).then(
            () => 'read',
            () => 'blocked',
          );
          return { token: withToken.status, cookie: withCookie };
        },
        { api: server.url, token: user.token },
      );
      expect(reads).toEqual({ token: 200, cookie: 'blocked' });
    } finally {
      await page.close();
    }
  }, 60_000);
});
