import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
import { BatchLedger, isFinished, summarize } from './batch-ledger';
import { DEFAULT_BATCH_LIMITS, gatherBatch, type BatchLimits } from './batches';
import type { Journal } from './journal';
import { itemKey, itemsForPaths } from './queue-items';
import type { BatchSummary, FolderMode, ItemStatus, QueueBatch, QueueBlock, QueueItem, QueueState } from './queue-types';
import { failureFromError, type UploadFailure } from './upload-failure';
import type { Uploader, UploadResult } from './uploader';

export interface UploadQueueOptions {
  journal: Journal;
  uploader: Uploader;
  /** Requests at once. */
  concurrency?: number;
  /** Which small files share a request, where the uploader sends several at once. */
  batchLimits?: BatchLimits;
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

/** One request in flight and the items it sends. */
interface Run {
  controller: AbortController;
  items: QueueItem[];
}

/**
 * The desktop app's background upload queue. Electron-free: it persists every item in its journal,
 * resumes after a restart or a crash without sending finished items again, runs at most
 * `concurrency` requests, backs off with jitter on network errors, 429 and 5xx, and stops the whole
 * queue on 401 or an exceeded quota, keeping what is left queued. Small files go several to a
 * request where the uploader can (each still its own item in the journal); a request refused for
 * another reason than the network or the session sends its files again one by one, so that each
 * gets its own answer, as if it had never shared one.
 */
export class UploadQueue extends EventEmitter<UploadQueueEvents> {
  readonly #journal: Journal;
  readonly #uploader: Uploader;
  readonly #concurrency: number;
  readonly #batchLimits: BatchLimits;
  readonly #maxAttempts: number;
  readonly #backoff: BackoffPolicy;
  readonly #random: () => number;
  readonly #now: () => number;
  readonly #state: QueueState;
  readonly #byId = new Map<string, QueueItem>();
  /** Queued items in the order they start (a Set keeps insertion order). */
  readonly #ready = new Set<string>();
  /** The request each running item is in. */
  readonly #running = new Map<string, Run>();
  readonly #runs = new Set<Run>();
  /** Items a refused request shared: they go alone from now on. */
  readonly #alone = new Set<string>();
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
    this.#batchLimits = options.batchLimits ?? DEFAULT_BATCH_LIMITS;
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
    for (const run of this.#runs) run.controller.abort();
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
    while (this.#runs.size < this.#concurrency) {
      const first = this.#ready.values().next();
      if (first.done) break;
      const items = this.#together(this.#byId.get(first.value)!);
      for (const item of items) this.#ready.delete(item.id);
      void this.#run(items);
    }
    this.#settleIfIdle();
  }

  /** `first`, with the ready small files that may share its request where the uploader sends several. */
  #together(first: QueueItem): QueueItem[] {
    if (!this.#uploader.uploadFiles || this.#alone.has(first.id)) return [first];
    return gatherBatch(first, this.#mayShare(), this.#batchLimits);
  }

  *#mayShare(): Generator<QueueItem> {
    for (const id of this.#ready) if (!this.#alone.has(id)) yield this.#byId.get(id)!;
  }

  async #run(items: QueueItem[]): Promise<void> {
    const run: Run = { controller: new AbortController(), items };
    this.#runs.add(run);
    for (const item of items) {
      this.#running.set(item.id, run);
      item.sentBytes = 0;
      this.#setStatus(item, 'running');
    }
    const { signal } = run.controller;
    // Items paused or cancelled meanwhile left the request: their status is whoever stopped them's.
    const still = () => items.filter((item) => this.#running.get(item.id) === run && item.status === 'running');
    try {
      const results = items.length === 1 ? [await this.#sendOne(items[0]!, signal)] : await this.#sendTogether(items, signal);
      if (this.#closed) return;
      this.#failures = 0;
      for (const item of still()) this.#succeeded(item, results[items.indexOf(item)]!);
    } catch (error) {
      // Closing: every item goes back to the queue, as the journal says.
      if (this.#closed) return;
      const left = still();
      // A stopped item aborted the request it shared: the others go again.
      if (signal.aborted) for (const item of left) this.#requeue(item);
      else this.#failed(left, failureFromError(error));
    } finally {
      for (const item of items) if (this.#running.get(item.id) === run) this.#running.delete(item.id);
      this.#runs.delete(run);
      this.#pump();
    }
  }

  #sendOne(item: QueueItem, signal: AbortSignal): Promise<UploadResult> {
    return this.#uploader.upload(
      item,
      (sent) => this.#progress(item, sent),
      signal,
      (url) => {
        if (item.resumeUrl === url) return;
        item.resumeUrl = url;
        // Written at once: after a crash the next run must continue this upload, not start another.
        if (!this.#closed) this.#journal.save(this.#state);
      },
    );
  }

  #sendTogether(items: QueueItem[], signal: AbortSignal): Promise<UploadResult[]> {
    return this.#uploader.uploadFiles!(items, (index, sent) => this.#progress(items[index]!, sent), signal);
  }

  #progress(item: QueueItem, sent: number): void {
    item.sentBytes = Math.min(sent, item.size);
    this.emit('change');
  }

  #succeeded(item: QueueItem, result: UploadResult): void {
    this.#alone.delete(item.id);
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
  }

  /** The items of one failed request. */
  #failed(items: readonly QueueItem[], failure: UploadFailure): void {
    // Shared, and refused for something one of them may have caused (a quota that some would
    // still fit in, a name the server will not take): each goes again on its own.
    if (items.length > 1 && failure.kind !== 'retry' && failure.kind !== 'sign_in') {
      for (const item of items) {
        this.#alone.add(item.id);
        this.#requeue(item);
      }
      return;
    }
    for (const item of items) {
      item.error = { code: failure.code, message: failure.message };
      item.sentBytes = 0;
    }
    if (failure.kind === 'sign_in' || failure.kind === 'quota') {
      const block = failure.kind === 'sign_in' ? 'sign_in' : 'quota_exceeded';
      for (const item of items) this.#requeue(item);
      if (this.#state.blocked !== block) {
        this.#state.blocked = block;
        this.emit('blocked', block);
      }
      return;
    }
    let retrying = false;
    for (const item of items) {
      item.attempts++;
      if (failure.kind === 'fatal' || item.attempts >= this.#maxAttempts) this.#setStatus(item, 'failed');
      else {
        this.#requeue(item);
        retrying = true;
      }
    }
    if (!retrying) return;
    // The server or the network is in trouble, not these files: the whole queue holds back.
    this.#failures++;
    this.#holdUntil = Math.max(
      this.#holdUntil,
      this.#now() + backoffDelay(this.#failures, this.#backoff, this.#random, failure.retryAfterMs),
    );
  }

  #requeue(item: QueueItem): void {
    this.#setStatus(item, 'queued');
    this.#ready.add(item.id);
  }

  #stop(item: QueueItem): void {
    this.#ready.delete(item.id);
    this.#running.get(item.id)?.controller.abort();
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
      this.#alone.delete(item.id);
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
    return this.#runs.size === 0 && (this.#ready.size === 0 || this.#state.blocked !== null || this.#closed || !this.#started);
  }

  #settleIfIdle(): void {
    if (!this.#isIdle()) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }
}
