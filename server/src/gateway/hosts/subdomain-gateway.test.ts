import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CID } from 'multiformats/cid';
import { createUser, type TestUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { hostFetch, uploadSite } from '../../../test/host-requests';

const DOMAIN = 'gw.cairn.test';

describe('subdomain gateway (GATEWAY_DOMAIN)', () => {
  let server: TestServer;
  let user: TestUser;
  let site: { root: string; sub: string };
  beforeAll(async () => {
    server = await startTestServer({ driver: 'sqlite', config: { gatewayDomain: DOMAIN } });
    user = await createUser(server);
    site = await uploadSite(server, user);
  });
  afterAll(() => server.close());

  const onSubdomain = (path: string, init?: Parameters<typeof hostFetch>[3]) =>
    hostFetch(server, `${site.root}.ipfs.${DOMAIN}`, path, init);

  it('serves a root at / of its own origin, with the gateway headers, and its paths below', async () => {
    const page = await onSubdomain('/');
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<h1>site</h1>');
    // An origin of its own: the site runs as itself (its scripts, its frames), never as the app.
    expect(page.headers.get('content-security-policy')).toBeNull();
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('access-control-allow-origin')).toBe('*');
    expect(page.headers.get('x-ipfs-path')).toBe(`/ipfs/${site.root}/`);
    const file = await onSubdomain('/hello.txt');
    expect(await file.text()).toBe('hello from the root');
    expect(file.headers.get('x-ipfs-path')).toBe(`/ipfs/${site.root}/hello.txt`);
    // A content path on a content origin is a path inside the root, not another root.
    expect((await onSubdomain(`/ipfs/${site.root}`)).status).toBe(404);
  });

  it('lists a directory with links on its origin, and breadcrumbs and CID links to the path gateway of the domain', async () => {
    const moved = await onSubdomain('/sub');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/sub/');
    const listing = await (await onSubdomain('/sub/')).text();
    expect(listing).toContain('<a href="/sub/a.txt">a.txt</a>');
    expect(listing).toContain('<a href="/sub/..">..</a>');
    expect(listing).toContain(
      `/ipfs/<a href="//${DOMAIN}/ipfs/${site.root}">${site.root}</a>/<a href="//${DOMAIN}/ipfs/${site.root}/sub">sub</a>`,
    );
    expect(listing).toMatch(new RegExp(`href="//${DOMAIN.replaceAll('.', '\\.')}/ipfs/bafk[a-z0-9]+\\?filename=a\\.txt"`));
  });

  it('moves /ipfs/<cid>/path on the domain to <cidv1>.ipfs.<domain>/path (301), CIDv0 as CIDv1, the query kept', async () => {
    const res = await hostFetch(server, DOMAIN, `/ipfs/${site.root}/sub/a.txt?download=true`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`http://${site.root}.ipfs.${DOMAIN}/sub/a.txt?download=true`);
    const v0 = CID.parse(site.root).toV0().toString();
    const fromV0 = await hostFetch(server, `${DOMAIN}:8080`, `/ipfs/${v0}`);
    expect(fromV0.headers.get('location')).toBe(`http://${site.root}.ipfs.${DOMAIN}:8080/`);
  });

  it('refuses a CID too long for a DNS label, on the domain and as a subdomain', async () => {
    const long = 'bafkrgqe3ohjcjplc6n4f3fwunlj6upltggn7xqujbsvnvyw764srszz4u4rshq6ztos4chl4plgg4ffyyxnayrtdi5oc4xb2332g645433aeg';
    const onDomain = await hostFetch(server, DOMAIN, `/ipfs/${long}/`);
    expect(onDomain.status).toBe(400);
    expect(await onDomain.json()).toMatchObject({ code: 'dns_label_too_long' });
    expect((await hostFetch(server, `${long}.ipfs.${DOMAIN}`, '/')).status).toBe(400);
  });

  it('moves /ipns/<peer id> to its libp2p-key CID, and a DNSLink name to its inlined label', async () => {
    const peer = await hostFetch(server, DOMAIN, '/ipns/12D3KooWLQzUv2FHWGVPXTXSZpdHs7oHbXub2G5WC8Tx4NQhyd2d');
    expect(peer.headers.get('location')).toBe(`http://k51qzi5uqu5dk3v4rmjber23h16xnr23bsggmqqil9z2gduiis5se8dht36dam.ipns.${DOMAIN}/`);
    const dnslink = await hostFetch(server, DOMAIN, '/ipns/en.wikipedia-on-ipfs.org/wiki/');
    expect(dnslink.headers.get('location')).toBe(`http://en-wikipedia--on--ipfs-org.ipns.${DOMAIN}/wiki/`);
    const handler = await hostFetch(server, DOMAIN, `/ipfs/?uri=${encodeURIComponent(`ipfs://${site.root}/sub/a.txt`)}`);
    expect(handler.headers.get('location')).toBe(`/ipfs/${site.root}/sub/a.txt`);
  });

  it("serves an account's IPNS name at / of <name>.ipns.<domain>, cached for the record's TTL, and its next value at once", async () => {
    const created = await server.api.post('/api/v2/names', { label: 'site' }, { token: user.token });
    const name = created.body as { id: string; name: string };
    const publish = (value: string) =>
      server.api.post(`/api/v2/names/${name.id}/publish`, { value, ttlSeconds: 45 }, { token: user.token });
    expect((await hostFetch(server, `${name.name}.ipns.${DOMAIN}`, '/')).status).toBe(502);
    expect((await publish(`/ipfs/${site.root}`)).status).toBe(200);
    const onName = (path: string) => hostFetch(server, `${name.name}.ipns.${DOMAIN}`, path);
    const page = await onName('/');
    expect(await page.text()).toBe('<h1>site</h1>');
    expect(page.headers.get('x-ipfs-path')).toBe(`/ipns/${name.name}/`);
    expect(page.headers.get('cache-control')).toBe('public, max-age=45');
    const moved = await onName('/sub');
    expect(moved.headers.get('location')).toBe('/sub/');
    expect(await (await onName('/sub/')).text()).toContain(`/ipns/<a href="//${DOMAIN}/ipns/${name.name}">${name.name}</a>`);
    // The path gateway of the domain moves the name to its subdomain.
    const fromPath = await hostFetch(server, DOMAIN, `/ipns/${name.name}/hello.txt`);
    expect(fromPath.headers.get('location')).toBe(`http://${name.name}.ipns.${DOMAIN}/hello.txt`);

    expect((await publish(`/ipfs/${site.root}/sub`)).status).toBe(200);
    expect(await (await onName('/a.txt')).text()).toBe('a in sub');
  });

  it('reads X-Forwarded-Proto and X-Forwarded-Host only with TRUST_PROXY', async () => {
    const ignored = await hostFetch(server, DOMAIN, `/ipfs/${site.root}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(ignored.headers.get('location')).toBe(`http://${site.root}.ipfs.${DOMAIN}/`);
    const elsewhere = await hostFetch(server, 'app.cairn.test', `/ipfs/${site.root}/`, { headers: { 'x-forwarded-host': DOMAIN } });
    expect(elsewhere.status).toBe(200);
    const proxied = await startTestServer({ driver: 'sqlite', config: { gatewayDomain: DOMAIN, trustProxy: true } });
    try {
      const res = await hostFetch(proxied, 'app.cairn.test', `/ipfs/${site.root}/`, {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': DOMAIN },
      });
      expect(res.headers.get('location')).toBe(`https://${site.root}.ipfs.${DOMAIN}/`);
    } finally {
      await proxied.close();
    }
  });

  it.each([
    ['the API', '/api/v2/users/me'],
    ['the Pinning Service API', '/psa/pins'],
    ['the API documentation', '/docs'],
    ['the app', '/'],
    ['the health check', '/healthz'],
  ])('never answers with %s on the gateway domain or under it', async (_what, path) => {
    for (const host of [DOMAIN, `api.${DOMAIN}`, `x.y.ipfs.${DOMAIN}`]) {
      const res = await hostFetch(server, host, path, { headers: { authorization: `Bearer ${user.token}` } });
      expect(res.status, `${host}${path}`).toBe(421);
      expect(await res.json()).toMatchObject({ code: 'gateway_host_only' });
    }
    // On a content subdomain every path is a path inside the root: its index at `/`, nothing elsewhere.
    const inside = await onSubdomain(path, { headers: { authorization: `Bearer ${user.token}` } });
    if (path === '/') expect(await inside.text()).toBe('<h1>site</h1>');
    else expect(inside.status).toBe(404);
  });

  it('answers reads only on content hosts', async () => {
    const post = await onSubdomain('/api/v2/auth/login', { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const preflight = await onSubdomain('/hello.txt', { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
  });

  it("moves a browser's page on the app's origin to the root's subdomain, and serves scripts' fetches in place", async () => {
    const navigate = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    const page = await hostFetch(server, 'app.cairn.test:3000', `/ipfs/${site.root}/sub/a.txt?download=1`, { headers: navigate });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(`http://${site.root}.ipfs.${DOMAIN}:3000/sub/a.txt?download=1`);
    const fetched = await hostFetch(server, 'app.cairn.test:3000', `/ipfs/${site.root}/sub/a.txt`, {
      headers: { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
    });
    expect(await fetched.text()).toBe('a in sub');
    // A root no DNS label can hold is read where it is.
    const long = 'bafkrgqe3ohjcjplc6n4f3fwunlj6upltggn7xqujbsvnvyw764srszz4u4rshq6ztos4chl4plgg4ffyyxnayrtdi5oc4xb2332g645433aeg';
    expect((await hostFetch(server, 'app.cairn.test', `/ipfs/${long}/`, { headers: navigate })).status).toBe(404);
  });

  it('keeps the app and the path gateway on every other host', async () => {
    expect((await server.api.get('/api/v2/users/me', { token: user.token })).status).toBe(200);
    expect((await fetch(`${server.url}/ipfs/${site.root}/hello.txt`)).status).toBe(200);
  });
});
