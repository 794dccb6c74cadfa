import { delegatedRoutingV1HttpApiClient } from '@helia/delegated-routing-v1-http-api-client';
import { privateKeyFromProtobuf } from '@libp2p/crypto/keys';
import { defaultLogger } from '@libp2p/logger';
import { createIPNSRecord, marshalIPNSRecord, unmarshalIPNSRecord } from 'ipns';
import { base36 } from 'multiformats/bases/base36';
import { CID } from 'multiformats/cid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uploadFile, type TestUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';

/**
 * Helia's Delegated Routing V1 client (what Helia and browsers use) against Cairn: it reads a
 * name's record, finds Cairn's node as the provider of its content, and publishes a record
 * signed with the name's exported key.
 */
describe("Helia's routing client against Cairn", () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'sqlite' });
    user = await createUser(server);
  });
  afterAll(() => server?.close());

  const client = () => delegatedRoutingV1HttpApiClient({ url: server.url, cacheTTL: 0 })({ logger: defaultLogger() });

  it('reads records, finds providers and publishes a record', async () => {
    const { cid } = await uploadFile(server, user, 'helia.txt', 'seen by helia');
    const created = await server.api.post('/api/v2/names', { label: 'helia' }, { token: user.token });
    const { id, name } = created.body as { id: string; name: string };
    await server.api.post(`/api/v2/names/${id}/publish`, { value: cid }, { token: user.token });
    const routing = client();
    await routing.start();
    try {
      const key = CID.parse(name, base36) as CID<unknown, 0x72, 0x00, 1>;
      const record = unmarshalIPNSRecord(await routing.getIPNS(key));
      expect(record.value).toBe(`/ipfs/${cid}`);

      const providers = [];
      for await (const provider of routing.getProviders(CID.parse(cid))) providers.push(provider);
      expect(providers).toHaveLength(1);
      expect(providers[0]!.Protocols).toEqual(['transport-bitswap']);
      expect(providers[0]!.Addrs.length).toBeGreaterThan(0);

      const exported = await server.api.get(`/api/v2/names/${id}/key`, { token: user.token });
      const privateKey = privateKeyFromProtobuf(Buffer.from(exported.body.privateKey as string, 'base64'));
      await routing.putIPNS(key, marshalIPNSRecord(await createIPNSRecord(privateKey, `/ipfs/${cid}`, 3n, 3_600_000)));
      const read = await server.api.get(`/api/v2/names/${id}`, { token: user.token });
      expect(read.body).toMatchObject({ sequence: 3, value: `/ipfs/${cid}` });
    } finally {
      await routing.stop();
    }
  });

  it('lets any page publish a record: the preflight allows PUT', async () => {
    const res = await fetch(`${server.url}/routing/v1/ipns/k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'PUT' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(res.headers.get('access-control-allow-headers')).toContain('Content-Type');
  });
});
