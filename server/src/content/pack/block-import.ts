import { pinKey } from '../cid';
import type { BlockImport, ImportedRoot } from '../types';
import type { PackStore } from './pack-store';

const IDENTITY = 0x00;

/**
 * Blocks of a CAR written into one new pack; `pin` makes them visible and pins every root in
 * index transactions, so a failed or aborted import leaves neither blocks nor pins behind.
 */
export async function packBlockImport(store: PackStore, fsync: boolean): Promise<BlockImport> {
  const { id, writer } = await store.createWriter();
  let state: 'open' | 'done' = 'open';

  async function abort(): Promise<void> {
    if (state === 'done') return;
    state = 'done';
    await writer.discard();
    await store.dropPack(id);
  }

  return {
    async put(cid, bytes) {
      if (state !== 'open') throw new Error('the block import has ended');
      if (cid.multihash.code === IDENTITY) return; // inline data: no block to keep
      if (writer.add(cid.multihash.bytes, bytes)) await writer.flush();
    },
    async pin(roots: ImportedRoot[]) {
      if (state !== 'open') throw new Error('the block import has ended');
      let finished: { entries: Uint8Array; bytes: number };
      try {
        finished = await writer.finish(fsync);
      } catch (error) {
        await abort();
        throw error;
      }
      state = 'done';
      const dagOf = (root: ImportedRoot) => root.dag.filter((cid) => cid.multihash.code !== IDENTITY).map((cid) => cid.multihash.bytes);
      // The pack's blocks become visible with the first root not pinned yet; the others only pin.
      const carrier = roots.find((root) => !store.index.isPinned(pinKey(root.cid)));
      if (!carrier) {
        await store.dropPack(id);
        return;
      }
      try {
        const { packEmpty } = store.index.commit(id, finished.entries, finished.bytes, pinKey(carrier.cid), dagOf(carrier));
        if (packEmpty) await store.deletePackFile(id);
      } catch (error) {
        await store.dropPack(id);
        throw error;
      }
      for (const root of roots) {
        if (root !== carrier) store.index.commit(null, null, 0, pinKey(root.cid), dagOf(root));
      }
    },
    abort,
  };
}
