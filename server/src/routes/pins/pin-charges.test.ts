import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lyingFile, shapeBytes, wideFolder, type Shape } from '../../../test/car-shapes';
import { createUser, setStorageLimit, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { psaSettled } from '../../../test/psa';

const KIB = 1024;

describe.each(DRIVERS)('pins by CID are charged the bytes they hold (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  /** The blocks of `shape` in the engine, as a fetch from a peer leaves them: pinned, recorded by no account. */
  async function heldAsFetched(shape: Shape): Promise<void> {
    const imported = await server.app.content.importBlocks({ roots: [shape.root] });
    for (const block of shape.blocks) await imported.put(block.cid, block.bytes);
    await imported.pin([{ cid: shape.root, dag: shape.blocks.map((block) => block.cid) }]);
  }
  const usage = async (user: TestUser): Promise<number> =>
    (await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used as number;

  it('a file whose UnixFS node claims 1 byte over a 200 KiB leaf is charged the 200 KiB it holds', async () => {
    const shape = await lyingFile(200 * KIB, 1, 81);
    await heldAsFetched(shape);
    const user = await createUser(server);
    const res = await server.api.post('/api/v2/pins', { cid: shape.root.toString() }, { token: user.token });
    expect(res.status).toBe(201);
    expect(res.body.upload).toMatchObject({ size: 1, chargedBytes: shapeBytes(shape), source: 'pin' });
    expect(await usage(user)).toBe(shapeBytes(shape));

    const small = await createUser(server);
    await setStorageLimit(server, small, 100 * KIB);
    const refused = await server.api.post('/api/v2/pins', { cid: shape.root.toString() }, { token: small.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('quota_exceeded');
    expect(await usage(small)).toBe(0);
  });

  it('a Pinning Service API pin of a folder is charged its folder node, not only its files', async () => {
    const shape = await wideFolder(5_000, 82);
    await heldAsFetched(shape);
    const user = await createUser(server);
    const pin = await server.api.post('/psa/pins', { cid: shape.root.toString(), name: 'folder' }, { token: user.token });
    expect((await psaSettled(server, user.token, pin.body.requestid)).status).toBe('pinned');
    const [record] = (await server.api.get('/api/v2/users/me/uploads', { token: user.token })).body.files;
    // 5,000 entries of 8 bytes are 40,000 file bytes; the node naming them holds far more.
    expect(record).toMatchObject({ size: 40_000, filesCount: 5_000, chargedBytes: shapeBytes(shape) });
    expect(shapeBytes(shape)).toBeGreaterThan(5 * 40_000);
    expect(await usage(user)).toBe(shapeBytes(shape));
  });
});
