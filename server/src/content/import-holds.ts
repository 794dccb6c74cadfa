import type { BlockImport, ContentStore, ImportHold, ImportHolds } from './types';

/** Runs an import under a hold, released once it is pinned or has failed. */
async function holding<T>(holds: ImportHolds, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  const hold = await holds.take(signal);
  try {
    return await work();
  } finally {
    await hold.release();
  }
}

/** A block import whose hold lasts until its pin or its abort. */
function heldBlockImport(hold: ImportHold, blocks: BlockImport): BlockImport {
  return {
    put: (cid, bytes) => blocks.put(cid, bytes),
    async pin(roots) {
      try {
        await blocks.pin(roots);
      } finally {
        await hold.release();
      }
    },
    async abort() {
      try {
        await blocks.abort();
      } finally {
        await hold.release();
      }
    },
  };
}

/**
 * The store with every import under a hold, from before its first block to its pin (or its
 * failure): on the Kubo and Cluster engines CAR files (and folders given no recovery) are
 * imported unpinned and pinned once the record is claimed, and a garbage collection in between
 * would delete their blocks. A file or folder pinned by its own `add` is kept by Kubo's pin lock
 * as well; it takes a hold all the same, so a collection waits for it here, within its drain
 * time, rather than inside Kubo's `repo/gc`.
 */
export function withImportHolds(store: ContentStore, holds: ImportHolds): ContentStore {
  return {
    ...store,
    addFile: (source, options) => holding(holds, options.signal, () => store.addFile(source, options)),
    addDirectory: (entries, options) => holding(holds, options.signal, () => store.addDirectory(entries, options)),
    async importBlocks(options) {
      const hold = await holds.take(options.signal);
      try {
        return heldBlockImport(hold, await store.importBlocks(options));
      } catch (error) {
        await hold.release();
        throw error;
      }
    },
  };
}
