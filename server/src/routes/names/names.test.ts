import { generateKeyPair, privateKeyFromProtobuf } from '@libp2p/crypto/keys';
import { createIPNSRecord, marshalIPNSRecord, unmarshalIPNSRecord } from 'ipns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser, fileForm, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { ipnsNameOf } from '../../names/ipns-name';

const RECORD_TYPE = 'application/vnd.ipfs.ipns-record';

describe.each(DRIVERS)('IPNS names (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  const api = () => server.api;
  const createName = async (user: TestUser, label = 'site') => {
    const res = await api().post('/api/v2/names', { label }, { token: user.token });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string; name: string; sequence: number | null; value: string | null };
  };
  const site = async (user: TestUser, html: string) => {
    const res = await api().request('POST', '/api/v2/upload/directory', {
      token: user.token,
      body: fileForm([
        { name: 'site/index.html', content: html },
        { name: 'site/about/team.txt', content: `team of ${html}` },
      ]),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.cid as string;
  };
  const gateway = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

  it('publishes a folder to a name, serves it at /ipns at once, updates it, and rolls it back', async () => {
    const user = await createUser(server);
    const name = await createName(user);
    expect(name.name).toMatch(/^k51[0-9a-z]+$/);
    expect(name).toMatchObject({ value: null, sequence: null });
    expect((await gateway(`/ipns/${name.name}/`)).status).toBe(502);

    const first = await site(user, '<h1>one</h1>');
    const published = await api().post(`/api/v2/names/${name.id}/publish`, { value: first, ttlSeconds: 30 }, { token: user.token });
    expect(published.status, published.text).toBe(200);
    expect(published.body).toMatchObject({ value: `/ipfs/${first}`, sequence: 0, ttlSeconds: 30 });
    let page = await gateway(`/ipns/${name.name}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<h1>one</h1>');
    expect(page.headers.get('cache-control')).toBe('public, max-age=30');
    expect(page.headers.get('x-ipfs-path')).toBe(`/ipns/${name.name}/`);
    const nested = await gateway(`/ipns/${name.name}/about/team.txt`);
    expect(await nested.text()).toBe('team of <h1>one</h1>');
    // A folder without its slash redirects below the name, not to the CID.
    const bare = await gateway(`/ipns/${name.name}/about`);
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(`/ipns/${name.name}/about/`);

    const second = await site(user, '<h1>two</h1>');
    const updated = await api().post(`/api/v2/names/${name.id}/publish`, { value: `/ipfs/${second}` }, { token: user.token });
    expect(updated.body).toMatchObject({ value: `/ipfs/${second}`, sequence: 1 });
    page = await gateway(`/ipns/${name.name}/`);
    expect(await page.text()).toBe('<h1>two</h1>');

    const history = await api().get(`/api/v2/names/${name.id}/history`, { token: user.token });
    expect(history.body.publications.map((p: { sequence: number; source: string }) => [p.sequence, p.source])).toEqual([
      [1, 'publish'],
      [0, 'publish'],
    ]);
    const rolled = await api().post(`/api/v2/names/${name.id}/rollback`, { sequence: 0 }, { token: user.token });
    expect(rolled.status, rolled.text).toBe(200);
    expect(rolled.body).toMatchObject({ value: `/ipfs/${first}`, sequence: 2 });
    expect(await (await gateway(`/ipns/${name.name}/`)).text()).toBe('<h1>one</h1>');
    const resolved = await api().get(`/api/v2/resolve/${name.name}`, { token: user.token });
    expect(resolved.body).toMatchObject({ name: name.name, value: `/ipfs/${first}`, sequence: 2 });
    expect((await api().post(`/api/v2/names/${name.id}/rollback`, { sequence: 9 }, { token: user.token })).body.code).toBe(
      'publication_not_found',
    );
  });

  it('serves the signed record, which verifies, through the gateway and the routing API', async () => {
    const user = await createUser(server);
    const name = await createName(user);
    const { cid } = await uploadFile(server, user, 'a.txt', 'record me');
    await api().post(`/api/v2/names/${name.id}/publish`, { value: cid, ttlSeconds: 120 }, { token: user.token });
    for (const res of [
      await gateway(`/ipns/${name.name}?format=ipns-record`),
      await gateway(`/ipns/${name.name}`, { accept: RECORD_TYPE }),
      await gateway(`/routing/v1/ipns/${name.name}`, { accept: RECORD_TYPE }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(RECORD_TYPE);
      expect(res.headers.get('cache-control')).toBe('public, max-age=120');
      const record = unmarshalIPNSRecord(new Uint8Array(await res.arrayBuffer()));
      expect(record.value).toBe(`/ipfs/${cid}`);
      expect(record.sequence).toBe(0n);
    }
    expect((await gateway(`/ipns/${name.name}?format=ipns-record`)).headers.get('content-disposition')).toContain(
      `attachment; filename="${name.name}.ipns-record"`,
    );
    expect((await gateway('/routing/v1/ipns/k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8')).status).toBe(404);
  });

  it('takes a record signed elsewhere with the exported key into the history, and refuses bad ones', async () => {
    const user = await createUser(server);
    const name = await createName(user);
    const { cid } = await uploadFile(server, user, 'b.txt', 'elsewhere');
    const exported = await api().get(`/api/v2/names/${name.id}/key`, { token: user.token });
    expect(exported.body).toMatchObject({ name: name.name, format: 'libp2p-protobuf-cleartext' });
    const key = privateKeyFromProtobuf(Buffer.from(exported.body.privateKey, 'base64'));
    const put = (bytes: Uint8Array, contentType = RECORD_TYPE) =>
      fetch(`${server.url}/routing/v1/ipns/${name.name}`, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });

    const record = marshalIPNSRecord(await createIPNSRecord(key, `/ipfs/${cid}`, 5n, 3_600_000));
    expect((await put(record)).status).toBe(200);
    expect((await api().get(`/api/v2/names/${name.id}`, { token: user.token })).body).toMatchObject({ value: `/ipfs/${cid}`, sequence: 5 });
    const history = await api().get(`/api/v2/names/${name.id}/history`, { token: user.token });
    expect(history.body.publications[0]).toMatchObject({ sequence: 5, source: 'routing' });

    // The same sequence again is outdated; a record of another key is refused; so is a tampered one.
    expect(((await (await put(record)).json()) as { code: string }).code).toBe('ipns_record_outdated');
    const otherUser = await createUser(server);
    const other = await createName(otherUser);
    const otherKey = await api().get(`/api/v2/names/${other.id}/key`, { token: otherUser.token });
    const foreign = marshalIPNSRecord(
      await createIPNSRecord(privateKeyFromProtobuf(Buffer.from(otherKey.body.privateKey, 'base64')), `/ipfs/${cid}`, 9n, 3_600_000),
    );
    const refused = await put(foreign);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('ipns_record_invalid');
    const tampered = Uint8Array.from(marshalIPNSRecord(await createIPNSRecord(key, `/ipfs/${cid}`, 10n, 3_600_000)));
    tampered[tampered.length - 3]! ^= 0xff;
    expect((await put(tampered)).status).toBe(400);
    expect((await put(record, 'application/octet-stream')).status).toBe(415);

    // A name no account here holds: kept when it points at content served here, refused otherwise.
    const stranger = await generateKeyPair('Ed25519');
    const strangerName = ipnsNameOf(stranger.publicKey.toMultihash());
    const putStranger = (value: string) =>
      createIPNSRecord(stranger, value, 1n, 3_600_000).then((r) =>
        fetch(`${server.url}/routing/v1/ipns/${strangerName}`, {
          method: 'PUT',
          headers: { 'content-type': RECORD_TYPE },
          body: marshalIPNSRecord(r),
        }),
      );
    const elsewhere = await putStranger('/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy');
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { code: string }).code).toBe('ipns_record_invalid');
    expect((await putStranger(`/ipfs/${cid}/`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/ipns/${strangerName}`)).text()).toBe('elsewhere');
    expect((await put(new Uint8Array(11 * 1024))).status).toBe(413);
  });

  it('publishes only content the account holds, and keeps names to their account', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const name = await createName(user);
    const { cid } = await uploadFile(server, other, 'c.txt', 'not yours');
    const refused = await api().post(`/api/v2/names/${name.id}/publish`, { value: cid }, { token: user.token });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('name_value_not_held');
    expect((await api().post(`/api/v2/names/${name.id}/publish`, { value: '/ipfs/not-a-cid' }, { token: user.token })).status).toBe(400);
    for (const res of [
      await api().get(`/api/v2/names/${name.id}`, { token: other.token }),
      await api().post(`/api/v2/names/${name.id}/publish`, { value: cid }, { token: other.token }),
      await api().get(`/api/v2/names/${name.id}/key`, { token: other.token }),
      await api().delete(`/api/v2/names/${name.id}`, { token: other.token }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('name_not_found');
    }
    // Exporting the key takes full access.
    const readOnly = await createApiToken(server, user, { name: 'reader', expiresInDays: 30, scopes: ['files:read'] });
    expect((await api().get(`/api/v2/names/${name.id}`, { token: readOnly.token })).status).toBe(200);
    expect((await api().get(`/api/v2/names/${name.id}/key`, { token: readOnly.token })).status).toBe(403);
    expect((await api().delete(`/api/v2/names/${name.id}`, { token: user.token })).body).toEqual({ deleted: true });
    expect((await gateway(`/routing/v1/ipns/${name.name}`)).status).toBe(404);
  });

  it('keeps both of two publications at once, one after the other', async () => {
    const user = await createUser(server);
    const name = await createName(user);
    const a = await uploadFile(server, user, 'x.txt', 'x');
    const b = await uploadFile(server, user, 'y.txt', 'y');
    const results = await Promise.all(
      [a.cid, b.cid, a.cid, b.cid].map((value) => api().post(`/api/v2/names/${name.id}/publish`, { value }, { token: user.token })),
    );
    expect(results.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const history = await api().get(`/api/v2/names/${name.id}/history`, { token: user.token });
    expect(history.body.publications.map((p: { sequence: number }) => p.sequence).sort()).toEqual([0, 1, 2, 3]);
  });

  it('lists this server as the provider of content held publicly, and nobody for anything else', async () => {
    const user = await createUser(server);
    const { cid, uploadId } = await uploadFile(server, user, 'p.txt', 'provided');
    const res = await gateway(`/routing/v1/providers/${cid}`, { accept: 'application/json' });
    expect(res.status).toBe(200);
    const { Providers } = (await res.json()) as { Providers: { Schema: string; ID: string; Addrs: string[]; Protocols: string[] }[] };
    expect(Providers).toHaveLength(1);
    expect(Providers[0]).toMatchObject({ Schema: 'peer', Protocols: ['transport-bitswap'] });
    expect(Providers[0]!.Addrs.length).toBeGreaterThan(0);
    for (const addr of Providers[0]!.Addrs) expect(addr).not.toContain('/p2p/');
    const lines = await (await gateway(`/routing/v1/providers/${cid}`, { accept: 'application/x-ndjson' })).text();
    expect(
      lines
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).ID),
    ).toEqual([Providers[0]!.ID]);

    const hidden = await api().put(`/api/v2/files/${uploadId}/privacy`, { private: true }, { token: user.token });
    expect(hidden.status, hidden.text).toBe(200);
    expect(await (await gateway(`/routing/v1/providers/${cid}`)).json()).toEqual({ Providers: [] });
    expect(await (await gateway('/routing/v1/providers/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy')).json()).toEqual({
      Providers: [],
    });
  });

  it('redirects a peer id to the name and refuses what is no name', async () => {
    const res = await gateway('/ipns/12D3KooWRBy97UB99e3J6hiPesre1MZeuNQvfan4gBziswrRJsNK/root2/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ipns/k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8/root2/');
    const rsa = await gateway('/ipns/QmcJM7PRfkSbcM5cf1QugM5R37TLRKyJGgBEhXjLTB8uA2/root2/');
    expect(rsa.headers.get('location')).toBe('/ipns/k2k4r8ol4m8kkcqz509c1rcjwunebj02gcnm5excpx842u736nja8ger/root2/');
    expect((await gateway('/routing/v1/ipns/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi')).status).toBe(400);
  });
});
