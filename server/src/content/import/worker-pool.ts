import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './protocol';

const WORKER_URL = new URL(`./import-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

// The importer allocates a block-sized buffer per chunk: a larger nursery means fewer scavenges.
const YOUNG_GENERATION_MB = Number(process.env.CAIRN_IMPORT_YOUNG_MB ?? 48);

/**
 * Under tsx or vitest the worker source is TypeScript, which a bare worker cannot load: boot it
 * through tsx's loader. A build that emits .js loads it directly.
 */
function spawn(): Worker {
  const options = { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } };
  if (!WORKER_URL.pathname.endsWith('.ts')) return new Worker(WORKER_URL, options);
  const tsx = resolveTsx();
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(WORKER_URL.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), options);
}

function resolveTsx(): string {
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    // vitest does not provide import.meta.resolve; the workspace hoists tsx to the root.
    return new URL('../../../../node_modules/tsx/dist/esm/api/index.mjs', import.meta.url).href;
  }
}

/** One import worker; `onMessage` is swapped per import. */
export class ImportWorker {
  private handler: ((message: FromWorker) => void) | undefined;
  private failure: ((error: Error) => void) | undefined;
  readonly ready: Promise<void>;
  dead = false;

  constructor(private readonly worker: Worker = spawn()) {
    this.ready = new Promise((resolve, reject) => {
      this.handler = (message) => (message.type === 'ready' ? resolve() : undefined);
      this.failure = reject;
    });
    worker.on('message', (message: FromWorker) => this.handler?.(message));
    worker.on('error', (error) => {
      this.dead = true;
      this.failure?.(error);
    });
    worker.on('exit', () => {
      this.dead = true;
      this.failure?.(new Error('import worker exited'));
    });
  }

  listen(onMessage: (message: FromWorker) => void, onFailure: (error: Error) => void): void {
    this.handler = onMessage;
    this.failure = onFailure;
  }

  post(message: ToWorker, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(message, transfer);
  }

  async terminate(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }
}

/** A worker idle this long beyond the pool's `idle` floor is retired: bursts reuse, quiet frees memory. */
const RETIRE_AFTER_MS = 60_000;

/**
 * Workers are reused between imports (booting one costs ~100 ms and a thread). Uploads are paced
 * by their clients, so a slow upload must not block others: the pool grows to `max`, beyond which
 * imports wait. A released worker stays ready; only one idle for `retireAfterMs`, above `idle`
 * ready workers, is stopped, so steady load never starts a thread it just stopped.
 */
export class WorkerPool {
  private readonly free: Array<{ worker: ImportWorker; since: number }> = [];
  private readonly waiting: Array<(worker: ImportWorker) => void> = [];
  private live = 0;
  private closed = false;
  private readonly sweeper: NodeJS.Timeout;
  /** Threads started since the pool was made (for metrics and tests). */
  started = 0;

  constructor(
    private readonly max = 8,
    private readonly idle = 2,
    private readonly retireAfterMs = RETIRE_AFTER_MS,
  ) {
    this.sweeper = setInterval(() => this.retireIdle(), Math.max(10, Math.min(retireAfterMs, 10_000)));
    this.sweeper.unref();
  }

  async acquire(): Promise<ImportWorker> {
    if (this.closed) throw new Error('content store is closed');
    const ready = this.free.pop();
    if (ready) return ready.worker;
    if (this.live >= this.max) return new Promise((resolve) => this.waiting.push(resolve));
    this.live++;
    this.started++;
    const fresh = new ImportWorker();
    try {
      await fresh.ready;
    } catch (error) {
      this.live--;
      throw error;
    }
    return fresh;
  }

  release(worker: ImportWorker): void {
    if (worker.dead || this.closed) {
      this.live--;
      void worker.terminate();
      // A waiter gets a fresh worker instead of the dead one.
      const waiter = this.waiting.shift();
      if (waiter && !this.closed) this.acquire().then(waiter, () => this.waiting.unshift(waiter));
      return;
    }
    const waiter = this.waiting.shift();
    if (waiter) return waiter(worker);
    this.free.push({ worker, since: Date.now() });
  }

  /** Workers running now, busy or ready. */
  get size(): number {
    return this.live;
  }

  private retireIdle(): void {
    const cutoff = Date.now() - this.retireAfterMs;
    // The free list is a stack: the longest idle are at its bottom.
    while (this.free.length > this.idle && this.free[0]!.since <= cutoff) {
      const { worker } = this.free.shift()!;
      this.live--;
      void worker.terminate();
    }
  }

  /** Pre-starts one worker so the first upload does not pay the boot. */
  async warm(): Promise<void> {
    this.release(await this.acquire());
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all(this.free.splice(0).map(({ worker }) => worker.terminate()));
  }
}
