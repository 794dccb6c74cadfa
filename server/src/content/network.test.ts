import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentNotFoundError } from './errors';
import { bytesOf, chunks, collect, tempStore } from './test-helpers';

// Two embedded nodes on loopback only: A serves, B pins by CID over bitswap.
let a: Awaited<ReturnType<typeof tempStore>>;
let b: Awaited<ReturnType<typeof tempStore>>;

/** B dials A at start; wait (bounded) until a small block added on A can be pinned on B. */
async function connected(): Promise<void> {
  const probe = await a.store.addFile(chunks(Buffer.from('probe')), { maxBytes: 100 });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await b.store.pin(probe.cid, { timeoutMs: 1_000 }).catch(() => null)) return b.store.unpin(probe.cid);
  }
  throw new Error('nodes did not connect within 15 s');
}

beforeAll(async () => {
  a = await tempStore({ networking: { mode: 'peers', listen: ['/ip4/127.0.0.1/tcp/0'] } });
  const addrs = await a.store.multiaddrs();
  expect(addrs.length).toBeGreaterThan(0);
  expect(addrs.every((addr) => addr.startsWith('/ip4/127.0.0.1/tcp/') && addr.includes(`/p2p/${a.store.peerId()}`))).toBe(true);
  b = await tempStore({ networking: { mode: 'peers', listen: ['/ip4/127.0.0.1/tcp/0'], peers: addrs } });
  await connected();
}, 30_000);

afterAll(async () => {
  await b?.cleanup();
  await a?.cleanup();
});

describe('pin by CID from a peer (networking: peers)', () => {
  it.each([1, 0] as const)('fetches a multi-block file added on A (CIDv%i) and verifies the bytes', async (cidVersion) => {
    const bytes = bytesOf(3 * 1024 * 1024 + 17, 40 + cidVersion);
    const added = await a.store.addFile(chunks(bytes), { cidVersion, maxBytes: 1 << 30 });
    expect(await b.store.has(added.cid)).toBe(false);

    const progress: number[] = [];
    const pinned = await b.store.pin(added.cid, { timeoutMs: 20_000, onProgress: (p) => progress.push(p.bytesFetched ?? 0) });
    expect(pinned.cid).toBe(added.cid);
    expect(pinned.bytesFetched).toBeGreaterThanOrEqual(bytes.byteLength);
    expect(progress.at(-1)).toBe(pinned.bytesFetched);
    expect(await b.store.isPinned(added.cid)).toBe(true);
    expect((await collect(b.store.cat(added.cid))).equals(bytes)).toBe(true);
    expect(await b.store.stat(added.cid)).toMatchObject({ type: 'file', size: bytes.byteLength, complete: true });
  });

  it('pins the empty file by CID (bitswap never sends empty blocks)', async () => {
    const empty = await a.store.addFile(chunks(new Uint8Array(0)), { maxBytes: 1 });
    await b.store.pin(empty.cid, { timeoutMs: 5_000 });
    expect((await collect(b.store.cat(empty.cid))).byteLength).toBe(0);
  });

  it('fetches a whole directory DAG', async () => {
    async function* tree() {
      for (let i = 0; i < 20; i++) yield { path: `dir/sub${i % 3}/f${i}.txt`, content: chunks(Buffer.from(`file ${i}\n`)) };
    }
    const added = await a.store.addDirectory(tree(), { maxBytes: 1 << 20 });
    await b.store.pin(added.cid, { timeoutMs: 20_000 });
    expect(await b.store.stat(added.cid)).toMatchObject({ type: 'directory', files: 20, size: added.size, complete: true });
    // `dir`, the folder every path starts with, is the root.
    const f7 = await b.store.resolve(added.cid, 'sub1/f7.txt');
    expect((await collect(b.store.cat(f7.cid))).toString()).toBe('file 7\n');
  });

  it('times out cleanly on a CID no peer has, keeping nothing', async () => {
    const before = b.store.stats();
    const started = Date.now();
    const unknown = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';
    await expect(b.store.pin(unknown, { timeoutMs: 1_500 })).rejects.toBeInstanceOf(ContentNotFoundError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(b.store.stats()).toEqual(before);
    expect(await b.store.isPinned(unknown)).toBe(false);
  });

  it('stops a fetch when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await expect(
      b.store.pin('bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4yeq', { signal: controller.signal, timeoutMs: 10_000 }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('networking off', () => {
  it('listens nowhere and reports unknown content as not found at once', async () => {
    const off = await tempStore();
    try {
      expect(await off.store.multiaddrs()).toEqual([]);
      expect(off.store.peerId()).toBeNull();
      await expect(
        off.store.pin('bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy', { timeoutMs: 60_000 }),
      ).rejects.toBeInstanceOf(ContentNotFoundError);
    } finally {
      await off.cleanup();
    }
  });
});
