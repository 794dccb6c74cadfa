import type { BatchSummary, ItemStatus, QueueBatch, QueueItem } from './queue-types';

const FINISHED: ReadonlySet<ItemStatus> = new Set(['done', 'failed']);

export const isFinished = (status: ItemStatus): boolean => FINISHED.has(status);

/**
 * Counts each batch's items that are not done or failed, so the end of a batch is found without
 * scanning a queue of thousands of items on every change.
 */
export class BatchLedger {
  readonly #open = new Map<string, number>();

  constructor(items: readonly QueueItem[]) {
    for (const item of items) if (!isFinished(item.status)) this.#add(item.batchId, 1);
  }

  added(batchId: string, count: number): void {
    this.#add(batchId, count);
  }

  /** An item went from open to finished or back; true when its batch has nothing open left. */
  moved(batchId: string, nowOpen: boolean): boolean {
    return this.#add(batchId, nowOpen ? 1 : -1) === 0;
  }

  /** An open item left the queue (cancelled); true when its batch has nothing open left. */
  removed(item: QueueItem): boolean {
    return !isFinished(item.status) && this.#add(item.batchId, -1) === 0;
  }

  forget(batchId: string): void {
    this.#open.delete(batchId);
  }

  #add(batchId: string, delta: number): number {
    const open = (this.#open.get(batchId) ?? 0) + delta;
    this.#open.set(batchId, open);
    return open;
  }
}

/** What the notification for a finished batch says. */
export function summarize(batch: QueueBatch, items: readonly QueueItem[]): BatchSummary {
  const mine = items.filter((item) => item.batchId === batch.id);
  const done = mine.filter((item) => item.status === 'done');
  return {
    batchId: batch.id,
    label: batch.label,
    done: done.length,
    failed: mine.length - done.length,
    duplicates: done.filter((item) => item.duplicate).length,
  };
}
