import type { AppContext } from '../../context';
import type { GarbageCollected } from '../../content/types';
import { takeCollectionLock } from '../../lib/engine-gc-lock';
import { newId } from '../../lib/ids';

/** Longest a collection waits for the imports in flight to finish before it gives up as busy. */
export const DRAIN_MS = 2 * 60_000;

export type CollectionResult = ({ outcome: 'done' } & GarbageCollected) | { outcome: 'busy' };

export interface CollectionOptions {
  /** Collection lease owner (default: a new id), so that a second collector of this instance is refused too. */
  owner?: string;
  drainMs?: number;
  signal?: AbortSignal;
}

/**
 * One garbage collection of the engine, over every instance at most one at a time: takes the
 * `engine-gc` lease, waits for the imports in flight to be pinned, collects, gives the lease back.
 * Null when another collection holds the lease; `busy` when the imports did not drain in time.
 * Throws on an engine that has no such collection, or when the engine fails.
 */
export async function garbageCollector(app: AppContext, options: CollectionOptions = {}): Promise<CollectionResult | null> {
  const { content } = app;
  if (!content.collectGarbage) throw new Error(`the ${app.content.engine} engine has no garbage collection`);
  const lock = await takeCollectionLock(app.stores.leases, options.owner ?? newId(), app.config.leaseMs);
  if (!lock) return null;
  try {
    if (!(await lock.drained(options.drainMs ?? DRAIN_MS, options.signal))) return { outcome: 'busy' };
    return { outcome: 'done', ...(await content.collectGarbage(options.signal)) };
  } finally {
    await lock.release();
  }
}
