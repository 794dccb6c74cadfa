import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CID } from 'multiformats/cid';
import { PackStore } from './pack/pack-store';
import { createEmbeddedContentStore, type EmbeddedContentStore, type EmbeddedContentStoreOptions } from './embedded-store';

/** A store in a fresh temporary data directory; `cleanup` closes it and deletes the directory. */
export async function tempStore(
  options: Partial<EmbeddedContentStoreOptions> = {},
): Promise<{ store: EmbeddedContentStore; dir: string; cleanup(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cairn-content-'));
  const store = await createEmbeddedContentStore({ dataDir: dir, fsync: false, ...options });
  return {
    store,
    dir,
    async cleanup() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Yields `bytes` in socket-sized pieces, as a multipart body arrives. */
export async function* chunks(bytes: Uint8Array, size = 65_536): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, Math.min(at + size, bytes.byteLength));
}

export async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

/** Deterministic pseudo-random bytes (fast to make, incompressible enough for CID tests). */
export function bytesOf(size: number, seed = 1): Buffer {
  const out = Buffer.allocUnsafe(size);
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i + 4 <= size; i += 4) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out.writeUInt32LE(x, i);
  }
  for (let i = size - (size % 4); i < size; i++) out[i] = i & 0xff;
  return out;
}

/** The CIDv0 a default `ipfs add` gives, computed independently by the Debian `ipfs-cid` tool. */
export function ipfsCid(file: string): string {
  const out = execFileSync('ipfs_cid', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return (JSON.parse(out) as { CIDv0: string }).CIDv0;
}

/** A block straight from the pack store of `dir` (DAG nodes are not files: `cat` cannot read them). */
export async function getBlock(dir: string, cid: string): Promise<Uint8Array | undefined> {
  const packs = new PackStore(path.join(dir, 'ipfs', 'blocks'));
  try {
    return await packs.get(CID.parse(cid));
  } finally {
    await packs.close();
  }
}

/** Files in the pack directory of `dir` (to prove that nothing is left behind). */
export function packFiles(dir: string): string[] {
  return readdirSync(path.join(dir, 'ipfs', 'blocks', 'packs'));
}
