import fs from 'node:fs';
import { readJsonFile, writeFileAtomic } from './atomic-file';
import { shapedItem } from './queue-items';
import type { QueueState } from './queue-types';

export const EMPTY_STATE: QueueState = Object.freeze({ version: 1, items: [], batches: [], blocked: null }) as QueueState;

/**
 * The queue's journal in the app's data folder: the whole state as one JSON file, replaced
 * atomically. Saves are coalesced (`flushDelayMs`) so a 10,000-file batch does not rewrite the
 * file 10,000 times; what a crash can lose is at most that window, and the queue makes that safe
 * by sending an item again — the server answers `duplicate: true` for content it already holds.
 */
export class Journal {
  readonly #file: string;
  /** Fixed by the caller, or grown with the queue (a 10,000-item journal is written at most once a second). */
  readonly #flushDelayMs: number | undefined;
  #timer: NodeJS.Timeout | null = null;
  #read: (() => QueueState) | null = null;

  constructor(file: string, flushDelayMs?: number) {
    this.#file = file;
    this.#flushDelayMs = flushDelayMs;
  }

  /** The saved state; items that were running when the app stopped come back queued. */
  load(): QueueState {
    let raw: unknown;
    try {
      raw = readJsonFile(this.#file);
    } catch (error) {
      // Never silently start empty over a journal we cannot read: keep it aside for inspection.
      const aside = `${this.#file}.unreadable-${Date.now()}`;
      fs.renameSync(this.#file, aside);
      throw new Error(`The upload queue's journal could not be read and was moved to ${aside}: ${(error as Error).message}`);
    }
    if (raw === undefined) return structuredClone(EMPTY_STATE);
    const state = raw as QueueState;
    if (state.version !== 1 || !Array.isArray(state.items)) throw new Error(`Unknown upload journal format in ${this.#file}`);
    state.items = state.items.map((item) => {
      if (item.status === 'running') item.status = 'queued';
      item.sentBytes = item.status === 'done' ? item.size : 0;
      return shapedItem(item);
    });
    return state;
  }

  /** Asks for a save soon; `read` is called at write time so the newest state is written. */
  schedule(read: () => QueueState): void {
    this.#read = read;
    this.#timer ??= setTimeout(() => this.flush(), this.#flushDelayMs ?? Math.min(2000, 250 + read().items.length / 10));
  }

  /** Writes now: after adding items (they must never be lost) and when the queue closes. */
  save(state: QueueState): void {
    this.#cancelTimer();
    writeFileAtomic(this.#file, journalText(state));
  }

  flush(): void {
    const read = this.#read;
    this.#cancelTimer();
    if (read) writeFileAtomic(this.#file, journalText(read()));
  }

  #cancelTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#read = null;
  }
}

/**
 * The state as JSON, item by item: a queue of 10,000 files is written every second or so, and as
 * one string each time it would take megabytes of the heap's large objects.
 */
function* journalText(state: QueueState): Generator<string> {
  const { items, ...rest } = state;
  yield JSON.stringify(rest).slice(0, -1);
  yield ',"items":[';
  for (const [index, item] of items.entries()) yield `${index === 0 ? '' : ','}${JSON.stringify(item)}`;
  yield ']}';
}
