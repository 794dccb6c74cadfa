import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uploadFile } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

describe('GET /ipfs/{cid}', () => {
  let server: TestServer;
  let cid: string;
  const bytes = new Uint8Array(300_000).map((_, i) => i % 256);
  beforeAll(async () => {
    server = await startTestServer({ driver: 'sqlite' });
    const user = await createUser(server);
    cid = (await uploadFile(server, user, 'data.bin', bytes)).cid;
  });
  afterAll(() => server.close());

  it('streams the file with immutable caching, the CID as ETag, and a sandbox CSP', async () => {
    const res = await fetch(`${server.url}/ipfs/${cid}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    expect(res.headers.get('etag')).toBe(`"${cid}"`);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect((await fetch(`${server.url}/ipfs/${cid}`, { headers: { 'if-none-match': `"${cid}"` } })).status).toBe(304);
  });

  it('serves byte ranges (206), HEAD, and refuses an unsatisfiable range (416)', async () => {
    const part = await fetch(`${server.url}/ipfs/${cid}`, { headers: { range: 'bytes=262140-262150' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 262140-262150/300000');
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes.subarray(262140, 262151)))).toBe(true);
    const head = await fetch(`${server.url}/ipfs/${cid}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('300000');
    const bad = await fetch(`${server.url}/ipfs/${cid}`, { headers: { range: 'bytes=400000-' } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */300000');
  });

  it('sends an attachment with the record name on ?download=1', async () => {
    const res = await fetch(`${server.url}/ipfs/${cid}?download=1&filename=report.bin`);
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="report.bin"');
  });

  it('is not an open proxy: content nobody pinned is 404, a bad CID 400', async () => {
    expect((await fetch(`${server.url}/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy`)).status).toBe(404);
    expect((await fetch(`${server.url}/ipfs/nonsense`)).status).toBe(400);
    expect((await fetch(`${server.url}/ipfs/${cid}/no/such/path`)).status).toBe(404);
  });

  it('never lets user HTML run as the app', async () => {
    const user = await createUser(server);
    const page = await uploadFile(server, user, 'evil.html', '<script>fetch("/api/v2/users/me")</script>');
    const res = await fetch(`${server.url}/ipfs/${page.cid}`);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
  });
});
