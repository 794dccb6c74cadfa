import { CarWriter } from '@ipld/car';
import type { CID } from 'multiformats/cid';
import type { BlockImport, ImportedRoot } from '../types';
import type { KuboApi } from './kubo-api';

export interface KuboBlockImportOptions {
  /** Named in the CAR header Kubo reads (Kubo refuses a CAR without roots). */
  roots: CID[];
  signal?: AbortSignal;
  /** Pins one root once its blocks are in the node: Kubo's `pin/add`, or a Cluster pin. */
  pinRoot(cid: CID, signal?: AbortSignal): Promise<void>;
}

/**
 * Blocks streamed to a Kubo node as one CAR through `dag/import` with `pin-roots=false`: Kubo
 * checks and stores each block, nothing is pinned until `pin`, and the blocks of an aborted
 * import are left unpinned for Kubo's garbage collector.
 */
export function kuboBlockImport(api: KuboApi, options: KuboBlockImportOptions): BlockImport {
  const { writer, out } = CarWriter.create(options.roots);
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([controller.signal, options.signal]) : controller.signal;
  const imported = (async () => {
    for await (const _ of api.client.dag.import([out], { pinRoots: false, signal })) {
      // Without pinning Kubo answers no roots; reading to the end waits for the import to finish.
    }
  })();
  // A put waiting for Kubo to read must not wait for ever once the import has failed.
  const failed = imported.then(() => new Promise<never>(() => {}));
  // Both are awaited only on some paths: an import dropped before its first put must not leave
  // a rejection nobody handles (the process would die of it).
  imported.catch(() => undefined);
  failed.catch(() => undefined);
  let state: 'open' | 'done' = 'open';

  return {
    async put(cid, bytes) {
      if (state !== 'open') throw new Error('the block import has ended');
      await Promise.race([writer.put({ cid, bytes }), failed]);
    },
    async pin(roots: ImportedRoot[]) {
      if (state !== 'open') throw new Error('the block import has ended');
      state = 'done';
      await writer.close();
      await imported;
      for (const root of roots) await options.pinRoot(root.cid, options.signal);
    },
    async abort() {
      if (state === 'done') return;
      state = 'done';
      controller.abort();
      // Not awaited: with its reader gone, the writer may never finish closing.
      void writer.close().catch(() => undefined);
      await imported.catch(() => undefined);
    },
  };
}
