import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
import { BatchLedger, isFinished, summarize } from './batch-ledger';
import type { Journal } from './journal';
import { itemKey, itemsForPaths } from './queue-items';
import type { BatchSummary, FolderMode, ItemStatus, QueueBatch, QueueBlock, QueueItem, QueueState } from './queue-types';
import { failureFromError, type UploadFailure } from './upload-failure';
import type { Uploader } from './uploader';

export interface UploadQueueOptions {
  journal: Journal;
  uploader: Uploader;
  /** Uploads at once. */
  concurrency?: number;
  /** Failed attempts (network, 429, 5xx) before an item is marked failed. */
  maxAttempts?: number;
  backoff?: BackoffPolicy;
  random?: () => number;
  now?: () => number;
}

export interface UploadQueueEvents {
  /** Something changed (status or progress); listeners read `items()` and throttle themselves. */
  change: [];
  /** Every item of a batch is done or failed: the moment for a notification. */
  'batch-finished': [BatchSummary];
  /** One item reached done or failed. */
  'item-finished': [QueueItem];
  /** The queue stopped and waits for the user (sign in again, or free space / upgrade). */
  blocked: [QueueBlock];
}

/**
 * The desktop app's background upload queue. Electron-free: it persists every item in its journal,
 * resumes after a restart or a crash without sending finished items again, runs at most
 * `concurrency` uploads, backs off with jitter on network errors, 429 and 5xx, and stops the whole
 * queue on 401 or an exceeded quota, keeping what is left queued.
 */
export class UploadQueue extends EventEmitter<UploadQueueEvents> {
  readonly #journal: Journal;
  readonly #uploader: Uploader;
  readonly #concurrency: number;
  readonly #maxAttempts: number;
  readonly #backoff: BackoffPolicy;
  readonly #random: () => number;
  readonly #now: () => number;
  readonly #state: QueueState;
  readonly #byId = new Map<string, QueueItem>();
  /** Queued items in the order they start (a Set keeps insertion order). */
  readonly #ready = new Set<string>();
  readonly #running = new Map<string, AbortController>();
  readonly #ledger: BatchLedger;
  readonly #idleWaiters: Array<() => void> = [];
  #failures = 0;
  #holdUntil = 0;
  #holdTimer: NodeJS.Timeout | null = null;
  #started = false;
  #closed = false;

  constructor(options: UploadQueueOptions) {
    super();
    this.#journal = options.journal;
    this.#uploader = options.uploader;
    this.#concurrency = options.concurrency ?? 4;
    this.#maxAttempts = options.maxAttempts ?? 8;
    this.#backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? Date.now;
    this.#state = this.#journal.load();
    for (const item of this.#state.items) {
      this.#byId.set(item.id, item);
      if (item.status === 'queued') this.#ready.add(item.id);
    }
    this.#ledger = new BatchLedger(this.#state.items);
  }

  /** Starts sending what the journal holds. */
  start(): void {
    this.#started = true;
    this.#pump();
  }

  items(): readonly QueueItem[] {
    return this.#state.items;
  }

  batches(): readonly QueueBatch[] {
    return this.#state.batches;
  }

  blocked(): QueueBlock | null {
    return this.#state.blocked;
  }

  /** Queues files and folders; what is already pending (same path, same kind) is not queued twice. */
  async add(paths: readonly string[], folderMode: FolderMode, label: string): Promise<QueueBatch> {
    const batch: QueueBatch = { id: crypto.randomUUID(), label, createdAt: this.#now(), announced: false };
    const pending = new Set(this.#state.items.filter((item) => item.status !== 'done').map(itemKey));
    const items = (await itemsForPaths(paths, folderMode, batch.id, this.#now())).filter((item) => !pending.has(itemKey(item)));
    if (items.length === 0) return { ...batch, announced: true };
    this.#state.batches.push(batch);
    for (const item of items) {
      this.#state.items.push(item);
      this.#byId.set(item.id, item);
      this.#ready.add(item.id);
    }
    this.#ledger.added(batch.id, items.length);
    // Written at once: a queued file must survive a crash the moment the user sees it queued.
    this.#journal.save(this.#state);
    this.#changed();
    this.#pump();
    return batch;
  }

  pause(id: string): void {
    const item = this.#byId.get(id);
    if (!item || (item.status !== 'queued' && item.status !== 'running')) return;
    this.#stop(item);
    this.#setStatus(item, 'paused');
  }

  resume(id: string): void {
    const item = this.#byId.get(id);
    if (item?.status === 'paused') this.#requeue(item);
    this.#pump();
  }

  /** Retries a failed item from a fresh attempt count. */
  retry(id: string): void {
    const item = this.#byId.get(id);
    if (item?.status !== 'failed') return;
    item.attempts = 0;
    this.#requeue(item);
    this.#pump();
  }

  /** Removes an item that is not finished; a running upload is aborted and the server keeps nothing of it. */
  cancel(id: string): void {
    const item = this.#byId.get(id);
    if (!item || item.status === 'done') return;
    this.#stop(item);
    this.#discard([item]);
    this.#remove([item]);
  }

  pauseAll(): void {
    for (const item of [...this.#state.items]) this.pause(item.id);
  }

  /** Lifts a stop (after signing in again, or once there is space) without touching paused items. */
  unblock(): void {
    if (this.#state.blocked === null) return;
    this.#state.blocked = null;
    this.#saveSoon();
    this.#changed();
    this.#pump();
  }

  /** Resumes paused items and lifts a stop. */
  resumeAll(): void {
    for (const item of this.#state.items) if (item.status === 'paused') this.#requeue(item);
    this.#state.blocked = null;
    this.#saveSoon();
    this.#pump();
  }

  retryAll(): void {
    for (const item of this.#state.items) if (item.status === 'failed') this.retry(item.id);
  }

  cancelAll(): void {
    const pending = this.#state.items.filter((item) => item.status !== 'done');
    for (const item of pending) this.#stop(item);
    this.#discard(pending);
    this.#remove(pending);
  }

  /** Forgets finished items (done, and failed ones the user gave up on). */
  clearFinished(): void {
    this.#remove(this.#state.items.filter((item) => isFinished(item.status)));
  }

  /** Resolves once nothing runs and nothing can start (the queue is empty, paused or blocked). */
  idle(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Aborts running uploads (they stay queued for the next start) and writes the journal. */
  close(): void {
    this.#closed = true;
    if (this.#holdTimer) clearTimeout(this.#holdTimer);
    for (const controller of this.#running.values()) controller.abort();
    for (const item of this.#state.items) if (item.status === 'running') item.status = 'queued';
    this.#journal.save(this.#state);
  }

  #pump(): void {
    if (!this.#started || this.#closed || this.#state.blocked) return this.#settleIfIdle();
    const wait = this.#holdUntil - this.#now();
    if (wait > 0) {
      this.#holdTimer ??= setTimeout(() => {
        this.#holdTimer = null;
        this.#pump();
      }, wait);
      return;
    }
    for (const id of this.#ready) {
      if (this.#running.size >= this.#concurrency) break;
      this.#ready.delete(id);
      void this.#run(this.#byId.get(id)!);
    }
    this.#settleIfIdle();
  }

  async #run(item: QueueItem): Promise<void> {
    const controller = new AbortController();
    this.#running.set(item.id, controller);
    this.#setStatus(item, 'running');
    item.sentBytes = 0;
    try {
      const result = await this.#uploader.upload(
        item,
        (sent) => {
          item.sentBytes = Math.min(sent, item.size);
          this.emit('change');
        },
        controller.signal,
        (url) => {
          if (item.resumeUrl === url) return;
          item.resumeUrl = url;
          // Written at once: after a crash the next run must continue this upload, not start another.
          if (!this.#closed) this.#journal.save(this.#state);
        },
      );
      if (controller.signal.aborted) return;
      this.#failures = 0;
      Object.assign(item, {
        cid: result.cid,
        uploadId: result.uploadId,
        duplicate: result.duplicate,
        sentBytes: item.size,
        resumeUrl: undefined,
        finishedAt: this.#now(),
        error: undefined,
      });
      this.#setStatus(item, 'done');
    } catch (error) {
      // Paused, cancelled or closing: whoever aborted has already set the item's status.
      if (!controller.signal.aborted) this.#failed(item, failureFromError(error));
    } finally {
      // A paused and resumed item may already run again under a new controller: leave that one be.
      if (this.#running.get(item.id) === controller) this.#running.delete(item.id);
      this.#pump();
    }
  }

  #failed(item: QueueItem, failure: UploadFailure): void {
    item.error = { code: failure.code, message: failure.message };
    item.sentBytes = 0;
    if (failure.kind === 'sign_in' || failure.kind === 'quota') {
      const block = failure.kind === 'sign_in' ? 'sign_in' : 'quota_exceeded';
      this.#requeue(item);
      if (this.#state.blocked !== block) {
        this.#state.blocked = block;
        this.emit('blocked', block);
      }
      return;
    }
    item.attempts++;
    if (failure.kind === 'fatal' || item.attempts >= this.#maxAttempts) return this.#setStatus(item, 'failed');
    // The server or the network is in trouble, not this file: the whole queue holds back.
    this.#failures++;
    this.#holdUntil = Math.max(
      this.#holdUntil,
      this.#now() + backoffDelay(this.#failures, this.#backoff, this.#random, failure.retryAfterMs),
    );
    this.#requeue(item);
  }

  #requeue(item: QueueItem): void {
    this.#setStatus(item, 'queued');
    this.#ready.add(item.id);
  }

  #stop(item: QueueItem): void {
    this.#ready.delete(item.id);
    this.#running.get(item.id)?.abort();
    this.#running.delete(item.id);
  }

  /** A cancelled item's partial upload is dropped on the server, so its reserved quota comes back. */
  #discard(items: readonly QueueItem[]): void {
    for (const item of items) {
      // Best effort: what the server is not told about expires there on its own within a day.
      if (item.resumeUrl) void this.#uploader.discard?.(item).catch(() => undefined);
    }
  }

  #remove(items: readonly QueueItem[]): void {
    if (items.length === 0) return;
    const gone = new Set(items.map((item) => item.id));
    const ended = new Set<string>();
    for (const item of items) {
      this.#byId.delete(item.id);
      this.#ready.delete(item.id);
      if (this.#ledger.removed(item)) ended.add(item.batchId);
    }
    this.#state.items = this.#state.items.filter((item) => !gone.has(item.id));
    const batches = new Set(this.#state.items.map((item) => item.batchId));
    for (const batch of this.#state.batches) {
      if (!batches.has(batch.id)) this.#ledger.forget(batch.id);
      // Cancelling what was left of a batch ends it: its finished items are announced.
      else if (ended.has(batch.id)) this.#finishBatch(batch.id);
    }
    this.#state.batches = this.#state.batches.filter((batch) => batches.has(batch.id));
    this.#journal.save(this.#state);
    this.#changed();
    this.#settleIfIdle();
  }

  #setStatus(item: QueueItem, status: ItemStatus): void {
    const wasOpen = !isFinished(item.status);
    item.status = status;
    const isOpen = !isFinished(status);
    if (wasOpen !== isOpen) {
      // A retried item reopens its batch, whose end is then announced again.
      const batch = isOpen ? this.#batch(item.batchId) : undefined;
      if (batch) batch.announced = false;
      const ended = this.#ledger.moved(item.batchId, isOpen);
      if (!isOpen) this.emit('item-finished', item);
      if (ended) this.#finishBatch(item.batchId);
    }
    this.#saveSoon();
    this.#changed();
  }

  #finishBatch(batchId: string): void {
    const batch = this.#batch(batchId);
    if (!batch || batch.announced) return;
    batch.announced = true;
    this.emit('batch-finished', summarize(batch, this.#state.items));
  }

  #batch(id: string): QueueBatch | undefined {
    return this.#state.batches.find((batch) => batch.id === id);
  }

  #saveSoon(): void {
    if (!this.#closed) this.#journal.schedule(() => this.#state);
  }

  #changed(): void {
    this.emit('change');
  }

  #isIdle(): boolean {
    return this.#running.size === 0 && (this.#ready.size === 0 || this.#state.blocked !== null || this.#closed || !this.#started);
  }

  #settleIfIdle(): void {
    if (!this.#isIdle()) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }
}
