import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carBytes, rawBlock } from '../../../test/cars';
import {
  bareDagPb,
  cborBlock,
  cborChain,
  cborOverLeaf,
  fileChain,
  folderBomb,
  folderNode,
  identityRaw,
  leafBytes,
  lyingFile,
  missingBlockSizes,
  repeatedLeaf,
  shapeBytes,
  tsizeFolder,
  wideFolder,
  type Shape,
} from '../../../test/car-shapes';
import { createUser, setStorageLimit, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

const KIB = 1024;

describe.each(DRIVERS)('POST /api/v2/upload/car: what a CAR costs (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  const post = (user: TestUser, car: Uint8Array) =>
    server.api.request('POST', '/api/v2/upload/car', {
      token: user.token,
      body: car,
      headers: { 'content-type': 'application/vnd.ipld.car' },
    });
  const postShape = async (user: TestUser, shape: Shape) => post(user, await carBytes([shape.root], shape.blocks));
  const usage = async (user: TestUser): Promise<number> =>
    (await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used as number;
  const records = async (user: TestUser) => (await server.api.get('/api/v2/users/me/uploads?limit=100', { token: user.token })).body.total;

  /** A refused CAR keeps nothing: no pin, no block, no record, no charge. */
  async function expectNothingKept(user: TestUser, shape: Shape): Promise<void> {
    for (const block of shape.blocks) expect(await server.app.content.has(block.cid.toString())).toBe(false);
    expect(await records(user)).toBe(0);
    expect(await usage(user)).toBe(0);
  }

  it('charges the bytes of every block stored, not what a dag-cbor root says: a 256 KiB plan holds one 200 KiB leaf, not three', async () => {
    const user = await createUser(server);
    await setStorageLimit(server, user, 256 * KIB);
    const first = await cborOverLeaf(200 * KIB, 11);
    const res = await postShape(user, first);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'dag', chargedBytes: shapeBytes(first) });
    expect(res.body.chargedBytes).toBeGreaterThan(200 * KIB);
    expect(await usage(user)).toBe(shapeBytes(first));
    expect(await server.app.content.dagBytes(first.root.toString())).toBe(shapeBytes(first));
    const second = await postShape(user, await cborOverLeaf(200 * KIB, 12));
    expect(second.status).toBe(403);
    expect(second.body.code).toBe('quota_exceeded');
    expect(await usage(user)).toBe(shapeBytes(first));
    expect(await records(user)).toBe(1);
  });

  it('refuses a UnixFS file whose block sizes contradict its leaves (car_unixfs_mismatch) and keeps nothing', async () => {
    const user = await createUser(server);
    for (const shape of [
      await lyingFile(200 * KIB, 1, 21),
      await lyingFile(10 * KIB, 20 * KIB, 22),
      await missingBlockSizes(4 * KIB, 23),
    ]) {
      const res = await postShape(user, shape);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('car_unixfs_mismatch');
      await expectNothingKept(user, shape);
    }
  });

  it('refuses a folder whose Tsize of a raw leaf is not its length (a folder listed as 0 bytes holding 200 KiB)', async () => {
    const user = await createUser(server);
    const shape = await tsizeFolder(100 * KIB, 2, 0, 31);
    const res = await postShape(user, shape);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('car_unixfs_mismatch');
    await expectNothingKept(user, shape);
    const honest = await tsizeFolder(100 * KIB, 2, 100 * KIB, 31);
    const ok = await postShape(user, honest);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ type: 'directory', size: 200 * KIB, chargedBytes: shapeBytes(honest) });
  });

  it('charges a file that repeats one leaf its file bytes, the larger figure', async () => {
    const user = await createUser(server);
    const shape = await repeatedLeaf(10 * KIB, 50, 41);
    const res = await postShape(user, shape);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'file', size: 500 * KIB, chargedBytes: 500 * KIB });
    expect(shapeBytes(shape)).toBeLessThan(500 * KIB);
    expect(await usage(user)).toBe(500 * KIB);
  });

  it('charges content already stored here that the CAR links to, and refuses it past the quota', async () => {
    const owner = await createUser(server);
    const leaf = await rawBlock(leafBytes(300 * KIB, 51));
    expect((await post(owner, await carBytes([leaf.cid], [leaf]))).status).toBe(201);
    const note = await cborBlock({ note: 'points at what is stored already', data: leaf.cid });
    const small = await createUser(server);
    await setStorageLimit(server, small, 100 * KIB);
    const refused = await post(small, await carBytes([note.cid], [note]));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('quota_exceeded');
    expect(await usage(small)).toBe(0);
    const roomy = await createUser(server);
    const ok = await post(roomy, await carBytes([note.cid], [note]));
    expect(ok.status).toBe(201);
    expect(ok.body.chargedBytes).toBe(note.bytes.byteLength + leaf.bytes.byteLength);
    expect(await usage(roomy)).toBe(ok.body.chargedBytes);
  });

  it('records a dag-pb node without UnixFS data as other data (type dag), and lists it inside a folder', async () => {
    const user = await createUser(server);
    const bare = await bareDagPb(5 * KIB, 61);
    const res = await postShape(user, bare);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'dag', category: 'other', chargedBytes: shapeBytes(bare) });
    expect(res.body.size).toBe(bare.blocks[0]!.bytes.byteLength);
    const viewed = await server.api.get(`/api/v2/dag/${bare.root}`, { token: user.token });
    expect(viewed.status).toBe(200);
    expect(viewed.body).toMatchObject({ type: 'dag', entries: [] });

    const folder = await folderNode([{ name: 'bare', block: bare.blocks[0]! }]);
    const inFolder = await post(user, await carBytes([folder.cid], [folder, ...bare.blocks]));
    expect(inFolder.status).toBe(201);
    expect(inFolder.body).toMatchObject({ type: 'directory', category: 'other', filesCount: 1 });
    const listed = await server.api.get(`/api/v2/dag/${folder.cid}`, { token: user.token });
    expect(listed.status).toBe(200);
    expect(listed.body.entries).toEqual([{ name: 'bare', cid: bare.root.toString(), type: 'raw', size: bare.blocks[0]!.bytes.byteLength }]);
  });

  it('refuses an identity CID as the root (identity_cid), and takes one linked from a folder', async () => {
    const user = await createUser(server);
    const inline = await identityRaw(new TextEncoder().encode('hello'));
    const res = await post(user, await carBytes([inline], [{ cid: inline, bytes: new TextEncoder().encode('hello') }]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'An identity CID holds its bytes inside the CID itself: there is nothing to store',
      code: 'identity_cid',
    });
    expect((await post(user, await carBytes([inline], []))).body.code).toBe('identity_cid');
    expect(await records(user)).toBe(0);

    const folder = await folderNode([{ name: 'hello.txt', block: { cid: inline, bytes: new TextEncoder().encode('hello') }, tsize: 5 }]);
    const ok = await post(user, await carBytes([folder.cid], [folder]));
    expect(ok.status).toBe(201);
    // The folder's own block is all it stores: the file's bytes are in its link.
    expect(ok.body).toMatchObject({ type: 'directory', size: 5, filesCount: 1, chargedBytes: folder.bytes.byteLength });
  });

  it("categorises a folder from its files' first bytes, whether its leaves are small (kept as they arrive) or read back", async () => {
    const user = await createUser(server);
    const text = (n: number, seed: number) => new TextEncoder().encode(`line ${seed}\n`.repeat(n));
    for (const [size, seed] of [
      [3, 91],
      [2_000, 92],
    ] as const) {
      const leaves = await Promise.all([rawBlock(text(size, seed)), rawBlock(text(size, seed + 1))]);
      const folder = await folderNode(leaves.map((block, i) => ({ name: `notes-${i}.txt`, block })));
      const res = await post(user, await carBytes([folder.cid], [folder, ...leaves]));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ type: 'directory', category: 'text' });
      const png = await rawBlock(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...text(size, seed + 2)]));
      const mixed = await folderNode([...leaves.map((block, i) => ({ name: `notes-${i}.txt`, block })), { name: 'image.txt', block: png }]);
      const other = await post(user, await carBytes([mixed.cid], [mixed, ...leaves, png]));
      expect(other.body).toMatchObject({ type: 'directory', category: 'other' });
    }
  });

  it('bounds the work one CAR may cause: depth (car_too_deep) and files down every path (too_many_files), as 413s', async () => {
    const user = await createUser(server);
    for (const shape of [await fileChain(1024, 71), await cborChain(1024, 72)]) {
      const res = await postShape(user, shape);
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('car_too_deep');
    }
    const deepest = await fileChain(1023, 73);
    const ok = await postShape(user, deepest);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ type: 'file', size: 16, chargedBytes: shapeBytes(deepest) });

    // 400 × 400 = 160,000 files from three blocks.
    const bomb = await folderBomb(400, 2, 74);
    const refused = await postShape(user, bomb);
    expect(refused.status).toBe(413);
    expect(refused.body.code).toBe('too_many_files');
    const wide = await wideFolder(30_000, 75);
    const listed = await postShape(user, wide);
    expect(listed.status).toBe(201);
    // 240,000 file bytes, and a folder node of 30,000 links that holds far more.
    expect(listed.body).toMatchObject({ type: 'directory', filesCount: 30_000, size: 30_000 * 8, chargedBytes: shapeBytes(wide) });
    expect(await usage(user)).toBe(ok.body.chargedBytes + listed.body.chargedBytes);
  });
});
