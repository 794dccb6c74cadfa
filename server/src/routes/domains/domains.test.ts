import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsServer } from '../../../../scripts/dns-local.mjs';
import { domainRechecker } from '../../commands/domains/domain-recheck-task';
import { createUser, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { hostFetch, uploadSite } from '../../../test/host-requests';

const GATEWAY_DOMAIN = 'gw.cairn.test';

describe.each(DRIVERS)('custom domains (%s)', (driver) => {
  let dns: DnsServer;
  let server: TestServer;
  beforeAll(async () => {
    dns = await startDnsServer();
    server = await startTestServer({ driver, config: { gatewayDomain: GATEWAY_DOMAIN, dnslinkResolvers: [dns.address] } });
  });
  afterAll(async () => {
    await server?.close();
    await dns?.stop();
  });

  let hosts = 0;
  const newHost = () => `files${++hosts}.acme.test`;
  const pointAt = (hostname: string, target: string) => dns.records.set(`_dnslink.${hostname}`, [`dnslink=${target}`]);
  const add = (user: TestUser, hostname: string, target: string) =>
    server.api.post('/api/v2/domains', { hostname, target }, { token: user.token });
  const verify = (user: TestUser, id: string) => server.api.post(`/api/v2/domains/${id}/verify`, undefined, { token: user.token });

  it('adds a domain pending, verifies it once _dnslink names its target, and serves the target on it at /', async () => {
    const user = await createUser(server);
    const site = await uploadSite(server, user);
    const hostname = newHost();
    const created = await add(user, hostname.toUpperCase(), `/ipfs/${site.root}`);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      hostname,
      target: `/ipfs/${site.root}`,
      status: 'pending',
      verifiedAt: null,
      dnslinkRecord: { name: `_dnslink.${hostname}`, type: 'TXT', value: `dnslink=/ipfs/${site.root}` },
    });
    // Pending: adding a host name proves nothing, so it takes nothing from the app there yet.
    const pending = await hostFetch(server, hostname, '/api/v2/users/me', { headers: { authorization: `Bearer ${user.token}` } });
    expect(pending.status).toBe(200);

    const early = await verify(user, created.body.id);
    expect(early.body).toMatchObject({ status: 'failed', lastError: 'no dnslink= TXT record' });
    const tlsAllowed = (domain: string) => fetch(`${server.url}/tls/allowed?domain=${encodeURIComponent(domain)}`);
    // A reverse proxy asking whether to obtain a certificate: not for a pending domain.
    expect((await tlsAllowed(hostname)).status).toBe(404);

    pointAt(hostname, `/ipfs/${site.root}`);
    const verified = await verify(user, created.body.id);
    expect(verified.body).toMatchObject({ status: 'verified', lastError: null });
    expect(verified.body.verifiedAt).toEqual(expect.any(String));
    expect((await server.api.get('/api/v2/domains', { token: user.token })).body.domains).toEqual([verified.body]);
    expect(await (await tlsAllowed(hostname)).json()).toEqual({ allowed: true });
    expect((await tlsAllowed(GATEWAY_DOMAIN)).status).toBe(200);
    expect((await tlsAllowed('unknown.acme.test')).status).toBe(404);

    const page = await hostFetch(server, hostname, '/');
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<h1>site</h1>');
    // An origin of its own: the site runs as itself (its scripts, its frames), never as the app.
    expect(page.headers.get('content-security-policy')).toBeNull();
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-ipfs-path')).toBe(`/ipns/${hostname}/`);
    const listing = await (await hostFetch(server, hostname, '/sub/')).text();
    expect(listing).toContain(`/ipns/<a href="//${hostname}/">${hostname}</a>/<a href="//${hostname}/sub">sub</a>`);
    expect(listing).toContain('<a href="/sub/a.txt">a.txt</a>');
    expect(listing).toMatch(/href="https:\/\/cid\.ipfs\.tech\/#bafk[a-z0-9]+" target="_blank" rel="noreferrer noopener"/);
    // The API never answers on a custom domain: the path is one inside the site.
    const api = await hostFetch(server, hostname, '/api/v2/users/me', { headers: { authorization: `Bearer ${user.token}` } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'path_not_found' });
  });

  it("serves one of the account's IPNS names on a domain, and follows the name's next publication at once", async () => {
    const user = await createUser(server);
    const site = await uploadSite(server, user);
    const name = (await server.api.post('/api/v2/names', { label: 'docs' }, { token: user.token })).body as { id: string; name: string };
    const publish = (value: string) => server.api.post(`/api/v2/names/${name.id}/publish`, { value }, { token: user.token });
    expect((await publish(`/ipfs/${site.root}`)).status).toBe(200);
    const hostname = newHost();
    const created = await add(user, hostname, `/ipns/${name.name}`);
    expect(created.status, created.text).toBe(201);
    pointAt(hostname, `/ipns/${name.name}`);
    expect((await verify(user, created.body.id)).body).toMatchObject({ status: 'verified' });
    const page = await hostFetch(server, hostname, '/hello.txt');
    expect(await page.text()).toBe('hello from the root');
    expect(page.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect((await publish(`/ipfs/${site.root}/sub`)).status).toBe(200);
    expect(await (await hostFetch(server, hostname, '/a.txt')).text()).toBe('a in sub');
    // The path gateway reaches the same domain as /ipns/<host>.
    expect(await (await fetch(`${server.url}/ipns/${hostname}/a.txt`)).text()).toBe('a in sub');
    const notDns = await fetch(`${server.url}/ipns/.%E3%83%85%25/`);
    expect(notDns.status).toBe(400);
    expect(await notDns.json()).toMatchObject({ code: 'invalid_parameter' });
    // Another account cannot point a domain at this name.
    const other = await createUser(server);
    expect((await add(other, newHost(), `/ipns/${name.name}`)).body.code).toBe('domain_target_not_held');
  });

  it('serves a DNSLink to a path inside the content, the request path below it', async () => {
    const user = await createUser(server);
    const site = await uploadSite(server, user);
    const hostname = newHost();
    const created = await add(user, hostname, `/ipfs/${site.root}/sub`);
    pointAt(hostname, `/ipfs/${site.root}/sub/`);
    expect((await verify(user, created.body.id)).body.status).toBe('verified');
    expect(await (await hostFetch(server, hostname, '/a.txt')).text()).toBe('a in sub');
    const listing = await (await hostFetch(server, hostname, '/')).text();
    expect(listing).toContain('<a href="/a.txt">a.txt</a>');
    expect(listing).not.toContain('<a href="/..">..</a>');
  });

  it('un-verifies a domain whose DNS moved away at its next re-check, and stops serving it', async () => {
    const user = await createUser(server);
    const site = await uploadSite(server, user);
    const hostname = newHost();
    const created = await add(user, hostname, `/ipfs/${site.root}`);
    pointAt(hostname, `/ipfs/${site.root}`);
    await verify(user, created.body.id);
    expect(await server.app.stores.customDomains.due(new Date(Date.now() - 3600_000).toISOString(), 500)).not.toContainEqual(
      expect.objectContaining({ hostname }),
    );
    pointAt(hostname, '/ipfs/bafkreicysg23kiwv34eg2d7qweipxwosdo2py4ldv42nbauguluen5v6am');
    await server.app.stores.customDomains.update(created.body.id, { last_checked_at: new Date(Date.now() - 2 * 3600_000).toISOString() });
    expect(await domainRechecker(server.app)).toBeGreaterThanOrEqual(1);
    const [row] = (await server.api.get('/api/v2/domains', { token: user.token })).body.domains;
    expect(row).toMatchObject({ status: 'failed', verifiedAt: null });
    expect(row.lastError).toContain('names /ipfs/bafkreicysg23');
    const after = await hostFetch(server, hostname, '/');
    expect(after.headers.get('x-ipfs-path')).toBeNull();
    expect(await after.text()).not.toContain('<h1>site</h1>');
  });

  it.each([
    ['an IP address', '127.0.0.1', 'validation_error'],
    ['a port', 'files.acme.test:443', 'validation_error'],
    ['a URL', 'https://files.acme.test/', 'validation_error'],
    ['a single label', 'intranet', 'validation_error'],
    ['a name over 253 characters', `${'a'.repeat(63)}.`.repeat(4) + 'test', 'validation_error'],
    ['a label over 63 characters', `${'a'.repeat(64)}.acme.test`, 'validation_error'],
    ['the gateway domain', GATEWAY_DOMAIN, 'invalid_parameter'],
    ['a name under the gateway domain', `x.ipfs.${GATEWAY_DOMAIN}`, 'invalid_parameter'],
  ])('refuses %s as a host name', async (_what, hostname, code) => {
    const user = await createUser(server);
    const site = await uploadSite(server, user);
    const res = await add(user, hostname, `/ipfs/${site.root}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });

  it("refuses a target the account does not hold: another account's content, a path, an unknown IPNS name", async () => {
    const owner = await createUser(server);
    const other = await createUser(server);
    const site = await uploadSite(server, owner);
    for (const target of [`/ipfs/${site.sub}`, '/ipns/k51qzi5uqu5dk3v4rmjber23h16xnr23bsggmqqil9z2gduiis5se8dht36dam']) {
      const res = await add(owner, newHost(), target);
      expect(res.status, target).toBe(400);
      expect(res.body.code).toBe('domain_target_not_held');
    }
    expect((await add(other, newHost(), `/ipfs/${site.root}`)).body.code).toBe('domain_target_not_held');
    expect((await add(owner, newHost(), 'https://example.org')).body.code).toBe('validation_error');
  });

  it('holds a host name for one account: another takes it over only when DNS names its own target', async () => {
    const first = await createUser(server);
    const second = await createUser(server);
    const firstSite = await uploadSite(server, first);
    const hostname = newHost();
    const held = await add(first, hostname, `/ipfs/${firstSite.root}`);
    expect((await add(first, hostname, `/ipfs/${firstSite.root}`)).body.code).toBe('domain_taken');
    pointAt(hostname, `/ipfs/${firstSite.root}`);
    expect((await verify(first, held.body.id)).body.status).toBe('verified');

    // The same content held by both accounts: DNS naming it proves nothing about who controls the name.
    await uploadSite(server, second);
    const same = await add(second, hostname, `/ipfs/${firstSite.root}`);
    expect(same.status).toBe(409);
    expect(same.body.code).toBe('domain_taken');

    // DNS now names content only the second account holds: the second account takes the name over.
    const own = await server.api.request('POST', '/api/v2/upload', {
      token: second.token,
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob(['only the second account']), 'second.txt');
        return form;
      })(),
    });
    const secondTarget = `/ipfs/${own.body.cid}`;
    expect((await add(second, hostname, secondTarget)).body.code).toBe('domain_taken');
    pointAt(hostname, secondTarget);
    const taken = await add(second, hostname, secondTarget);
    expect(taken.status).toBe(201);
    expect(taken.body).toMatchObject({ hostname, status: 'verified' });
    expect((await server.api.get('/api/v2/domains', { token: first.token })).body.domains).toEqual([]);
    expect(await (await hostFetch(server, hostname, '/')).text()).toBe('only the second account');
  });

  it('takes the same host name once, and at most 20 domains, when the requests come at once', async () => {
    const user = await createUser(server);
    const site = await uploadSite(server, user);
    const hostname = newHost();
    const same = await Promise.all(Array.from({ length: 10 }, () => add(user, hostname, `/ipfs/${site.root}`)));
    expect(same.filter((res) => res.status === 201)).toHaveLength(1);
    expect(same.filter((res) => res.status === 409 && res.body.code === 'domain_taken')).toHaveLength(9);
    const many = await Promise.all(Array.from({ length: 25 }, () => add(user, newHost(), `/ipfs/${site.root}`)));
    expect(many.filter((res) => res.status === 201)).toHaveLength(19);
    expect(many.filter((res) => res.body.code === 'domain_limit_reached')).toHaveLength(6);
    expect((await server.api.get('/api/v2/domains', { token: user.token })).body.domains).toHaveLength(20);
  });

  it('allows 20 domains per account, and deletes them', async () => {
    const user = await createUser(server);
    const site = await uploadSite(server, user);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await add(user, newHost(), `/ipfs/${site.root}`)).body.id);
    const over = await add(user, newHost(), `/ipfs/${site.root}`);
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('domain_limit_reached');
    expect((await server.api.delete(`/api/v2/domains/${ids[0]}`, { token: user.token })).body).toEqual({ deleted: true });
    expect((await server.api.delete(`/api/v2/domains/${ids[0]}`, { token: user.token })).body.code).toBe('domain_not_found');
    const stranger = await createUser(server);
    expect((await verify(stranger, ids[1]!)).status).toBe(404);
    expect((await add(user, newHost(), `/ipfs/${site.root}`)).status).toBe(201);
  });
});
