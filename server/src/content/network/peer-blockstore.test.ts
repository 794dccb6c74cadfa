import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { LocalBlockstore } from '../pack/local-blockstore';
import { PeerBlockstore } from './peer-blockstore';

async function rawBlock(text: string): Promise<{ cid: CID; bytes: Uint8Array }> {
  const bytes = new TextEncoder().encode(text);
  return { cid: CID.createV1(raw.code, await sha256.digest(bytes)), bytes };
}

const collect = async (blocks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) => {
  const parts: Uint8Array[] = [];
  for await (const part of blocks) parts.push(part);
  return Buffer.concat(parts).toString();
};

describe('the blockstore bitswap answers other peers from', () => {
  it('answers a hidden block as missing, and every other block as stored', async () => {
    const open = await rawBlock('open');
    const hidden = await rawBlock('hidden');
    const stored = new Map([open, hidden].map((b) => [b.cid.toString(), b.bytes]));
    const local = new LocalBlockstore({ has: (cid) => stored.has(cid.toString()), get: async (cid) => stored.get(cid.toString()) });
    const peers = new PeerBlockstore(local);
    const view = peers.view();
    // Before the database is open nothing is hidden.
    expect(await collect(view.get(hidden.cid))).toBe('hidden');
    peers.hide(async (cid) => cid === hidden.cid.toString());
    expect(await collect(view.get(open.cid))).toBe('open');
    await expect(collect(view.get(hidden.cid))).rejects.toMatchObject({ name: 'NotFoundError' });
    expect(await view.has(open.cid)).toBe(true);
    expect(await view.has(hidden.cid)).toBe(false);
  });
});
