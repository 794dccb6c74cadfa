import { CID } from 'multiformats/cid';
import { identity } from 'multiformats/hashes/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser, uploadFile } from '../../test/factories';
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

  it("names a download after the caller's record only for a credential that may read the account's files", async () => {
    const owner = await createUser(server);
    const { cid } = await uploadFile(server, owner, 'budget-2027.ods', 'owner only name');
    const download = (token: string) =>
      fetch(`${server.url}/ipfs/${cid}?download=1`, { headers: { Authorization: `Bearer ${token}` } }).then((res) =>
        res.headers.get('content-disposition'),
      );
    const reader = await createApiToken(server, owner, { name: 'reader', expiresInDays: 1, scopes: ['files:read'] });
    expect(await download(reader.token)).toContain('filename="budget-2027.ods"');
    // A token that may not read the account's files is served as anyone would be.
    const pinner = await createApiToken(server, owner, { name: 'pinner', expiresInDays: 1, scopes: ['pins:write'] });
    const refused = await download(pinner.token);
    expect(refused).toContain(`filename="${cid}"`);
    expect(refused).not.toContain('budget');
  });

  it('names a download without the characters that would make its name read as another', async () => {
    const res = await fetch(`${server.url}/ipfs/${stored}?download=true&filename=${encodeURIComponent('invoice\u202Efdp.exe')}`);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`);
    await res.arrayBuffer();
  });

  it('answers another codec over a stored block with the bytes stored, never a 5xx of its own making', async () => {
    const asCbor = CID.createV1(DAG_CBOR, stored.multihash);
    const cbor = await fetch(`${server.url}/ipfs/${asCbor}`);
    expect(cbor.status).toBe(200);
    expect(cbor.headers.get('content-type')).toBe('application/vnd.ipld.dag-cbor');
    expect(await cbor.text()).toBe('private name');
    const asKey = CID.createV1(LIBP2P_KEY, stored.multihash);
    const key = await fetch(`${server.url}/ipfs/${asKey}`);
    expect(key.status).toBe(501);
    expect(await key.json()).toMatchObject({ code: 'not_implemented' });
    expect((await fetch(`${server.url}/ipfs/${asKey}?format=raw`)).status).toBe(200);
  });

  it('serves identity CIDs only from their own bytes, sandboxed, and keeps their headers small', async () => {
    const inline = CID.createV1(RAW, identity.digest(new TextEncoder().encode('<h1>attacker bytes</h1>')));
    const page = await fetch(`${server.url}/ipfs/${inline}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toBe('<h1>attacker bytes</h1>');
    const brokenPb = CID.createV1(DAG_PB, identity.digest(new Uint8Array([0xff, 0x01, 0x02])));
    expect((await fetch(`${server.url}/ipfs/${brokenPb}`)).status).toBe(501);
    const empty = await fetch(`${server.url}/ipfs/bafkqaaa`);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('');
    const largest = CID.createV1(RAW, identity.digest(new Uint8Array(128).fill(0x41)));
    const res = await fetch(`${server.url}/ipfs/${largest}`);
    expect(res.status).toBe(200);
    expect([...res.headers.values()].join('').length).toBeLessThan(2_000);
    const huge = CID.createV1(RAW, identity.digest(new Uint8Array(7_500).fill(0x41)));
    expect((await fetch(`${server.url}/ipfs/${huge}`)).status).toBe(400);
  });
});
