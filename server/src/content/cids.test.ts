import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import * as raw from 'multiformats/codecs/raw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesOf, chunks, collect, getBlock as readBlock, ipfsCid, tempStore } from './test-helpers';
import type { EmbeddedContentStore } from './embedded-store';

const CHUNK = 262_144;
let store: EmbeddedContentStore;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => ({ store, dir, cleanup } = await tempStore()));
afterAll(() => cleanup());

async function getBlock(cid: string): Promise<Uint8Array> {
  const bytes = await readBlock(dir, cid);
  if (!bytes) throw new Error(`no block ${cid}`);
  return bytes;
}

describe('cidVersion 0 equals a default `ipfs add` (checked with ipfs_cid)', () => {
  for (const size of [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 1_000_000]) {
    it(`${size} bytes`, async () => {
      const bytes = bytesOf(size, size + 7);
      const file = path.join(dir, `v0-${size}`);
      writeFileSync(file, bytes);
      const added = await store.addFile(chunks(bytes, 65_536), { cidVersion: 0, maxBytes: 1 << 30 });
      expect(added).toEqual({ cid: ipfsCid(file), size });
      expect((await collect(store.cat(added.cid))).equals(bytes)).toBe(true);
    });
  }

  it('a multi-level tree: 45 MiB > 174 x 256 KiB', { timeout: 60_000 }, async () => {
    const size = 45 * 1024 * 1024;
    const bytes = bytesOf(size, 45);
    const file = path.join(dir, 'v0-45m');
    writeFileSync(file, bytes);
    // Odd piece sizes on purpose: chunk boundaries must not depend on how the input arrives.
    const added = await store.addFile(chunks(bytes, 1_000_003), { cidVersion: 0, maxBytes: size });
    expect(added.cid).toBe(ipfsCid(file));
    const root = dagPb.decode(await getBlock(added.cid));
    expect(root.Links).toHaveLength(2); // 180 leaves: 174 under the first child, 6 under the second
    const v1 = await store.addFile(chunks(bytes, 4 << 20), { maxBytes: size });
    const v1Root = dagPb.decode(await getBlock(v1.cid));
    expect(v1Root.Links).toHaveLength(2);
    const firstChild = dagPb.decode(await getBlock(v1Root.Links[0]!.Hash.toString()));
    expect(firstChild.Links).toHaveLength(174);
    expect(firstChild.Links.every((link) => link.Hash.code === raw.code && link.Hash.version === 1)).toBe(true);
  });
});

describe('cidVersion 1 (default) equals `ipfs add --cid-version=1`', () => {
  it('gives the known CIDs of the empty file and of a small text', async () => {
    const empty = await store.addFile(chunks(new Uint8Array(0)), { maxBytes: 10 });
    expect(empty).toEqual({ cid: 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku', size: 0 });
    const hello = await store.addFile(chunks(Buffer.from('hello world')), { maxBytes: 100 });
    expect(hello).toEqual({ cid: 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e', size: 11 });
  });

  it('a file of one chunk is a single raw block', async () => {
    const bytes = bytesOf(CHUNK, 3);
    const added = await store.addFile(chunks(bytes), { maxBytes: CHUNK });
    expect(added.cid).toBe(CID.createV1(raw.code, await sha256.digest(bytes)).toString());
  });

  it('every leaf of a file of several pieces hashes to its own bytes, however the input arrives', async () => {
    const bytes = bytesOf(9 * 1024 * 1024 + 5, 9);
    const added = await store.addFile(chunks(bytes, 333_333), { maxBytes: 1 << 30 });
    const root = dagPb.decode(await getBlock(added.cid));
    expect(root.Links).toHaveLength(37);
    for (const [i, link] of root.Links.entries()) {
      const leaf = bytes.subarray(i * CHUNK, (i + 1) * CHUNK);
      expect(link.Hash.toString(), `leaf ${i}`).toBe(CID.createV1(raw.code, await sha256.digest(leaf)).toString());
    }
  });

  it('a larger file is a dag-pb root over raw 256 KiB leaves, base32', async () => {
    const bytes = bytesOf(3 * CHUNK + 10, 4);
    const added = await store.addFile(chunks(bytes), { maxBytes: 1 << 30 });
    expect(added.cid.startsWith('bafybei')).toBe(true);
    const root = dagPb.decode(await getBlock(added.cid));
    expect(UnixFS.unmarshal(root.Data!).type).toBe('file');
    expect(UnixFS.unmarshal(root.Data!).blockSizes).toEqual([BigInt(CHUNK), BigInt(CHUNK), BigInt(CHUNK), 10n]);
    for (const [i, link] of root.Links.entries()) {
      const leaf = bytes.subarray(i * CHUNK, (i + 1) * CHUNK);
      expect(link.Hash.toString()).toBe(CID.createV1(raw.code, await sha256.digest(leaf)).toString());
    }
  });
});
