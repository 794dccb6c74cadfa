import { ContentAbortedError, ContentTooLargeError } from '../errors';
import type { AddOptions } from '../types';
import { PIECE_BYTES, type FromWorker, type ImportedEntry, type ToWorker } from './protocol';
import type { ImportWorker } from './worker-pool';

// A piece this small (the whole of a small file) is sent as a copy and its buffer reused.
const COPY_BELOW_BYTES = 256 * 1024;
// Flow-control credit: at most this many pieces queued in the worker (bounded memory).
const MAX_PIECES_IN_FLIGHT = 3;
const ABORT_GRACE_MS = 10_000;

export interface ImportOutcome {
  cid: string;
  entries: Uint8Array;
  packBytes: number;
  files: ImportedEntry[];
}

/**
 * Main-thread half of one import: counts bytes against the cap and the budget hook, coalesces
 * input into pieces transferred (not copied) to the worker, and waits for the worker's result.
 */
export class ImportSession {
  total = 0;
  private budgeted = 0;
  private piece: Uint8Array | undefined;
  /** Pieces the worker is done with, to be filled again. */
  private readonly spare: Uint8Array[] = [];
  private used = 0;
  private credit = MAX_PIECES_IN_FLIGHT;
  private creditWaiter: (() => void) | undefined;
  private settle: ((message: FromWorker) => void) | undefined;
  private readonly result: Promise<FromWorker>;
  private failure: Error | undefined;
  /** Wakes a write waiting for credit when the caller gives up; removed once the import ends. */
  private readonly onAbort = (): void => this.wake();

  constructor(
    private readonly worker: ImportWorker,
    private readonly options: AddOptions,
    start: Extract<ToWorker, { type: 'start' }>,
  ) {
    this.result = new Promise((resolve) => (this.settle = resolve));
    worker.listen(
      (message) => {
        if (message.type === 'ack') {
          this.credit++;
          this.wake();
        } else if (message.type === 'recycle') {
          if (this.spare.length < MAX_PIECES_IN_FLIGHT) this.spare.push(new Uint8Array(message.buffer));
        } else this.settle?.(message);
      },
      (error) => {
        this.failure = error;
        this.settle?.({ type: 'error', message: error.message });
        this.wake();
      },
    );
    // The signal may be a whole request's, shared by the imports of many files: each import takes
    // its listener away when it ends (`finish`, `abort`), so that none keeps an ended import alive.
    options.signal?.addEventListener('abort', this.onAbort, { once: true });
    worker.post(start);
  }

  entry(path: string): void {
    this.worker.post({ type: 'entry', path });
  }

  async write(chunk: Uint8Array): Promise<void> {
    this.checkAlive();
    if (this.total + chunk.byteLength > this.options.maxBytes) throw new ContentTooLargeError(this.options.maxBytes);
    this.total += chunk.byteLength;
    let at = 0;
    while (at < chunk.byteLength) {
      // Not zero-filled: every byte sent is written first.
      this.piece ??= this.spare.pop() ?? Buffer.allocUnsafeSlow(PIECE_BYTES);
      const take = Math.min(chunk.byteLength - at, PIECE_BYTES - this.used);
      this.piece.set(chunk.subarray(at, at + take), this.used);
      this.used += take;
      at += take;
      if (this.used === PIECE_BYTES) await this.sendPiece();
    }
  }

  async entryEnd(): Promise<void> {
    await this.sendPiece();
    this.worker.post({ type: 'entry-end' });
  }

  async finish(): Promise<ImportOutcome> {
    try {
      await this.sendPiece();
      this.worker.post({ type: 'end' });
      const message = await this.untilAborted(this.result);
      if (message.type === 'done') return message;
      throw this.failure ?? new Error(message.type === 'error' ? `import failed: ${message.message}` : 'import aborted');
    } finally {
      this.options.signal?.removeEventListener('abort', this.onAbort);
    }
  }

  /** Stops the worker's import and waits until it has deleted its pack; false if it did not answer. */
  async abort(): Promise<{ leftover?: ImportOutcome; clean: boolean }> {
    this.options.signal?.removeEventListener('abort', this.onAbort);
    if (!this.worker.dead) this.worker.post({ type: 'abort' });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ABORT_GRACE_MS)));
    const message = await Promise.race([this.result, timeout]);
    clearTimeout(timer);
    if (message === undefined) return { clean: false };
    // The import may have completed just before the abort reached it: the caller drops that pack.
    if (message.type === 'done') return { leftover: message, clean: true };
    return { clean: message.type === 'aborted' };
  }

  private async sendPiece(): Promise<void> {
    if (!this.piece || this.used === 0) return;
    let bytes: Uint8Array;
    if (this.used < COPY_BELOW_BYTES)
      bytes = new Uint8Array(this.piece.subarray(0, this.used)); // a copy
    else {
      bytes = this.piece.subarray(0, this.used);
      this.piece = undefined;
    }
    this.used = 0;
    this.budgeted += bytes.byteLength;
    await this.options.onBytes?.(bytes.byteLength, this.budgeted);
    this.options.signal?.throwIfAborted();
    while (this.credit === 0) {
      await new Promise<void>((resolve) => (this.creditWaiter = resolve));
      this.checkAlive();
    }
    this.credit--;
    this.worker.post({ type: 'data', bytes }, [bytes.buffer as ArrayBuffer]);
  }

  private untilAborted<T>(promise: Promise<T>): Promise<T> {
    const signal = this.options.signal;
    if (!signal) return promise;
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => reject(new ContentAbortedError(signal.reason));
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private wake(): void {
    const waiter = this.creditWaiter;
    this.creditWaiter = undefined;
    waiter?.();
  }

  private checkAlive(): void {
    if (this.failure) throw this.failure;
    if (this.options.signal?.aborted) throw new ContentAbortedError(this.options.signal.reason);
  }
}
