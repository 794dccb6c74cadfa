import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CarReader } from '@ipld/car';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedContentStore } from '../../content/embedded-store';
import { carBytes, cborNode, rawBlock, unixfsDirectory, unixfsFile, type TestBlock } from '../../../test/cars';
import { createUser, setStorageLimit, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { eventually } from '../../../test/eventually';

const run = promisify(execFile);

const leafBytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * seed + 3) % 251);

describe.each(DRIVERS)('POST /api/v2/upload/car (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  const postCar = (user: TestUser, car: Uint8Array, query = '') =>
    server.api.request('POST', `/api/v2/upload/car${query}`, {
      token: user.token,
      body: car,
      headers: { 'content-type': 'application/vnd.ipld.car' },
    });

  /** Nothing of a refused CAR stays: no pin, no block, no record, no charge. */
  async function expectNothingKept(user: TestUser, blocks: TestBlock[]): Promise<void> {
    for (const block of blocks) {
      expect(await server.app.content.isPinned(block.cid.toString())).toBe(false);
      expect(await server.app.content.has(block.cid.toString())).toBe(false);
    }
    expect((await server.api.get('/api/v2/users/me/uploads', { token: user.token })).body.total).toBe(0);
    expect((await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used).toBe(0);
  }

  it('imports a UnixFS file CAR: one record of the root, charged the bytes of its blocks, served by the gateway', async () => {
    const user = await createUser(server);
    const leaves = [leafBytes(1000, 7), leafBytes(500, 11)];
    const file = await unixfsFile(leaves);
    const car = await carBytes([file.root.cid], [file.root, ...file.leaves]);
    const stored = 1500 + file.root.bytes.byteLength;
    const res = await postCar(user, car);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cid: file.root.cid.toString(), size: 1500, chargedBytes: stored, type: 'file', duplicate: false });
    expect(res.body.name).toBe(`file-${file.root.cid.toString().slice(-10)}`);
    const served = Buffer.from(await (await fetch(`${server.url}/ipfs/${file.root.cid}`)).arrayBuffer());
    expect(served.equals(Buffer.concat(leaves))).toBe(true);
    expect((await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used).toBe(stored);
    const again = await postCar(user, car);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ uploadId: res.body.uploadId, duplicate: true });
    expect((await server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used).toBe(stored);
  });

  it('takes the CAR as a multipart file too, named after it without .car', async () => {
    const user = await createUser(server);
    const block = await rawBlock(leafBytes(64, 5));
    const form = new FormData();
    form.append('file', new Blob([await carBytes([block.cid], [block])]), 'photos.car');
    const res = await server.api.request('POST', '/api/v2/upload/car', { token: user.token, body: form });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'photos', cid: block.cid.toString(), size: 64 });
    const wrongType = await server.api.request('POST', '/api/v2/upload/car', {
      token: user.token,
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.code).toBe('unsupported_media_type');
    const named = await postCar(
      user,
      await carBytes([(await rawBlock(leafBytes(9, 2))).cid], [await rawBlock(leafBytes(9, 2))]),
      '?name=nine.bin',
    );
    expect(named.body.name).toBe('nine.bin');
  });

  it('imports a dag-cbor DAG whole, and the gateway sends every block of it back', async () => {
    const user = await createUser(server);
    const leaf = await rawBlock(leafBytes(300, 13));
    const file = await unixfsFile([leafBytes(200, 17)]);
    const child = await cborNode({ note: 'child', data: leaf.cid });
    const root = await cborNode({ children: [child.cid, file.root.cid], title: 'root' });
    const blocks = [root, child, leaf, file.root, ...file.leaves];
    const res = await postCar(user, await carBytes([root.cid], blocks));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cid: root.cid.toString(), type: 'dag' });
    const download = await fetch(`${server.url}/ipfs/${root.cid}?format=car`);
    const reader = await CarReader.fromBytes(new Uint8Array(await download.arrayBuffer()));
    const got: string[] = [];
    for await (const block of reader.blocks()) got.push(block.cid.toString());
    expect(got).toEqual(blocks.map((b) => b.cid.toString()));
    const entity = await CarReader.fromBytes(
      new Uint8Array(await (await fetch(`${server.url}/ipfs/${root.cid}?format=car&dag-scope=entity`)).arrayBuffer()),
    );
    expect((await entity.getRoots()).map(String)).toEqual([root.cid.toString()]);
    let count = 0;
    for await (const _ of entity.blocks()) count++;
    expect(count).toBe(1);
    // A path through dag-cbor links: the document, then the file it names, whole.
    const pathed = await CarReader.fromBytes(
      new Uint8Array(await (await fetch(`${server.url}/ipfs/${root.cid}/children/1?format=car`)).arrayBuffer()),
    );
    const pathBlocks: string[] = [];
    for await (const block of pathed.blocks()) pathBlocks.push(block.cid.toString());
    expect(pathBlocks).toEqual([root.cid.toString(), file.root.cid.toString(), file.leaves[0]!.cid.toString()]);
  });

  it('imports plain CBOR and JSON blocks, and a UnixFS folder that links to a dag-cbor node', async () => {
    const user = await createUser(server);
    const cbor = Uint8Array.from([0xa1, 0x61, 0x61, 0xd8, 0x20, 0x61, 0x78]); // {"a": tag 32 "x"}: plain CBOR, not dag-cbor
    const cborBlock = { cid: CID.createV1(0x51, await sha256.digest(cbor)), bytes: cbor };
    const json = new TextEncoder().encode('{"hello":"world"}');
    const jsonBlock = { cid: CID.createV1(0x0200, await sha256.digest(json)), bytes: json };
    for (const block of [cborBlock, jsonBlock]) {
      const res = await postCar(user, await carBytes([block.cid], [block]));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ cid: block.cid.toString(), type: 'dag' });
      const served = await fetch(`${server.url}/ipfs/${block.cid}?format=raw`);
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(block.bytes))).toBe(true);
    }
    const notCbor = { cid: CID.createV1(0x51, await sha256.digest(Uint8Array.of(0xff))), bytes: Uint8Array.of(0xff) };
    expect((await postCar(user, await carBytes([notCbor.cid], [notCbor]))).body.code).toBe('car_block_undecodable');

    const document = await cborNode({ title: 'doc' });
    const leaf = await rawBlock(leafBytes(40, 3));
    const folder = await unixfsDirectory([
      { name: 'document', cid: document.cid, size: document.bytes.byteLength },
      { name: 'a.txt', cid: leaf.cid, size: 40 },
    ]);
    const res = await postCar(user, await carBytes([folder.cid], [folder, document, leaf]));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cid: folder.cid.toString(), type: 'directory', category: 'other' });
  });

  it('completes a DAG with blocks already stored here, and keeps them while the new root needs them', async () => {
    const user = await createUser(server);
    const shared = await rawBlock(leafBytes(700, 19));
    const first = await postCar(user, await carBytes([shared.cid], [shared]));
    expect(first.status).toBe(201);
    const own = leafBytes(100, 23);
    const file = await unixfsFile([own, shared.bytes]);
    const [ownLeaf] = file.leaves;
    const res = await postCar(user, await carBytes([file.root.cid], [file.root, ownLeaf!]));
    expect(res.status).toBe(201);
    expect(res.body.size).toBe(800);
    expect((await server.api.delete(`/api/v2/uploads/${first.body.uploadId}`, { token: user.token })).status).toBe(200);
    const served = Buffer.from(await (await fetch(`${server.url}/ipfs/${file.root.cid}`)).arrayBuffer());
    expect(served.equals(Buffer.concat([own, shared.bytes]))).toBe(true);
  });

  it('refuses a damaged CAR with a code of its own and keeps nothing of it', async () => {
    const user = await createUser(server);
    const file = await unixfsFile([leafBytes(400, 29), leafBytes(400, 31)]);
    const [a, b] = file.leaves as [TestBlock, TestBlock];
    const stray = await rawBlock(leafBytes(50, 37));
    const whole = await carBytes([file.root.cid], [file.root, a, b]);
    const tampered = Buffer.from(whole);
    tampered[tampered.length - 1] = tampered[tampered.length - 1]! ^ 0xff; // the last byte of the last leaf
    const unknownCodec = { cid: CID.createV1(0x78, a.cid.multihash), bytes: a.bytes };
    const cases: Array<[string, Uint8Array, string]> = [
      ['a header that is not CBOR', Buffer.from('this is not a CAR file at all'), 'car_invalid'],
      ['a CAR cut in the middle of a block', whole.subarray(0, whole.length - 100), 'car_invalid'],
      ['a block whose bytes were changed', tampered, 'car_block_mismatch'],
      ['a missing leaf', await carBytes([file.root.cid], [file.root, a]), 'car_incomplete'],
      ['two roots', await carBytes([file.root.cid, stray.cid], [file.root, a, b, stray]), 'car_roots'],
      ['a block no root links to', await carBytes([file.root.cid], [file.root, a, b, stray]), 'car_unlinked_block'],
      ['a codec Cairn cannot read', await carBytes([unknownCodec.cid], [unknownCodec]), 'car_unsupported_codec'],
    ];
    for (const [label, car, code] of cases) {
      const res = await postCar(user, car);
      expect(res.status, label).toBe(400);
      expect(res.body.code, label).toBe(code);
    }
    await expectNothingKept(user, [file.root, a, b, stray]);
  });

  it('reserves quota as the CAR streams: over the limit is a 403 and nothing is kept', async () => {
    const user = await createUser(server);
    await setStorageLimit(server, user, 1000);
    const file = await unixfsFile([leafBytes(900, 41), leafBytes(900, 43)]);
    const res = await postCar(user, await carBytes([file.root.cid], [file.root, ...file.leaves]));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('quota_exceeded');
    await expectNothingKept(user, [file.root, ...file.leaves]);
  });

  it('keeps nothing of a CAR whose client goes away mid-upload', async () => {
    const user = await createUser(server);
    const store = server.app.content as EmbeddedContentStore;
    const packsBefore = store.stats().packs;
    const file = await unixfsFile([leafBytes(200_000, 53), leafBytes(200_000, 59), leafBytes(200_000, 61)]);
    const car = await carBytes([file.root.cid], [file.root, ...file.leaves]);
    const req = http.request(`${server.url}/api/v2/upload/car`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/vnd.ipld.car' },
    });
    req.on('error', () => undefined);
    req.write(car.subarray(0, 300_000)); // the header, the root and the first leaf and a half
    await eventually('the upload holds a reservation', () => server.app.openReservations.size > 0);
    req.destroy();
    await eventually('the reservation is given back', () => server.app.openReservations.size === 0);
    await expectNothingKept(user, [file.root, ...file.leaves]);
    await store.compacted();
    expect(store.stats().packs).toBe(packsBefore);
  });

  it('round-trips a folder with ipfs-car: pack, upload, download the CAR, unpack to the same bytes', async () => {
    const user = await createUser(server);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-ipfs-car-'));
    try {
      const big = leafBytes(600_000, 47);
      fs.mkdirSync(path.join(dir, 'site', 'img'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'site', 'index.html'), '<h1>hello</h1>');
      fs.writeFileSync(path.join(dir, 'site', 'img', 'big.bin'), big);
      const packed = path.join(dir, 'site.car');
      await run('npx', ['ipfs-car', 'pack', path.join(dir, 'site'), '--output', packed], { timeout: 60_000 });
      const { stdout } = await run('npx', ['ipfs-car', 'roots', packed], { timeout: 60_000 });
      const res = await postCar(user, fs.readFileSync(packed));
      expect(res.status).toBe(201);
      expect(res.body.cid).toBe(stdout.trim());
      const back = path.join(dir, 'back.car');
      fs.writeFileSync(back, Buffer.from(await (await fetch(`${server.url}/ipfs/${res.body.cid}?format=car`)).arrayBuffer()));
      await run('npx', ['ipfs-car', 'unpack', back, '--output', path.join(dir, 'out')], { timeout: 60_000 });
      const out = fs.readdirSync(path.join(dir, 'out'));
      const top = out.includes('site') ? path.join(dir, 'out', 'site') : path.join(dir, 'out');
      expect(fs.readFileSync(path.join(top, 'index.html'), 'utf8')).toBe('<h1>hello</h1>');
      expect(fs.readFileSync(path.join(top, 'img', 'big.bin')).equals(Buffer.from(big))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
