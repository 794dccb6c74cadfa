import { CID } from 'multiformats/cid';
import { identity } from 'multiformats/hashes/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uploadFile } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

const DAG_PB = 0x70;
const RAW = 0x55;
const DAG_CBOR = 0x71;
const LIBP2P_KEY = 0x72;

describe('GET /ipfs/{cid}: what it never reveals or trips over', () => {
  let server: TestServer;
  let stored: CID;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'sqlite' });
    const owner = await createUser(server);
    stored = CID.parse((await uploadFile(server, owner, 'salary-review-ada.pdf', 'private name')).cid);
  });
  afterAll(() => server.close());

  it("downloads under the CID, not another account's record name", async () => {
    const anonymous = await fetch(`${server.url}/ipfs/${stored}?download=1`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('content-disposition')).toContain(`filename="${stored}"`);
    const stranger = await createUser(server);
    const signedIn = await fetch(`${server.url}/ipfs/${stored}?download=1`, { headers: { Authorization: `Bearer ${stranger.token}` } });
    expect(signedIn.headers.get('content-disposition')).not.toContain('salary');
  });

  it.each([
    ['dag-cbor', DAG_CBOR],
    ['libp2p-key', LIBP2P_KEY],
  ])('answers 404, not 500, for a %s CID over a stored block', async (_, codec) => {
    const other = CID.createV1(codec, stored.multihash);
    const res = await fetch(`${server.url}/ipfs/${other}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });

  it('treats identity CIDs no account holds like any other CID nobody holds', async () => {
    const inline = CID.createV1(RAW, identity.digest(new TextEncoder().encode('<h1>attacker bytes</h1>')));
    const brokenPb = CID.createV1(DAG_PB, identity.digest(new Uint8Array([0xff, 0x01, 0x02])));
    const huge = CID.createV1(RAW, identity.digest(new Uint8Array(7_500).fill(0x41)));
    for (const cid of [inline, brokenPb, huge, CID.parse('bafkqaaa')]) {
      const res = await fetch(`${server.url}/ipfs/${cid}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('attacker');
      expect([...res.headers.values()].join('').length).toBeLessThan(2_000);
    }
  });
});
