/** A file waiting to be sent to the Cairn server by the desktop app. */
export interface UploadJob {
  id: string;
  path: string;
  size: number;
}

export type UploadJobState =
  | { status: 'queued' }
  | { status: 'uploading'; sentBytes: number }
  | { status: 'done'; cid: string }
  | { status: 'failed'; error: string; attempts: number }
  | { status: 'cancelled' };

/** Sends one file; reports bytes sent and resolves with its CID. Must stop when `signal` aborts. */
export type UploadFn = (job: UploadJob, onProgress: (sentBytes: number) => void, signal: AbortSignal) => Promise<{ cid: string }>;

export interface UploadQueueOptions {
  upload: UploadFn;
  concurrency?: number;
  /** Extra attempts after a failure (a network blip should not lose a watched-folder file). */
  retries?: number;
  onChange?: (id: string, state: UploadJobState) => void;
}

/**
 * A bounded-concurrency upload queue with retries and cancellation. Electron-free: the main
 * process feeds it paths and forwards `onChange` to the renderer over IPC.
 */
export class UploadQueue {
  readonly #options: Required<Omit<UploadQueueOptions, 'onChange'>> & Pick<UploadQueueOptions, 'onChange'>;
  readonly #pending: UploadJob[] = [];
  readonly #running = new Map<string, AbortController>();
  readonly #states = new Map<string, UploadJobState>();
  readonly #idleWaiters: Array<() => void> = [];

  constructor(options: UploadQueueOptions) {
    this.#options = { concurrency: 2, retries: 2, ...options };
  }

  add(job: UploadJob): void {
    if (this.#states.has(job.id)) return;
    this.#pending.push(job);
    this.#set(job.id, { status: 'queued' });
    this.#pump();
  }

  cancel(id: string): void {
    const index = this.#pending.findIndex((job) => job.id === id);
    if (index >= 0) this.#pending.splice(index, 1);
    this.#running.get(id)?.abort();
    const state = this.#states.get(id);
    if (state && (state.status === 'queued' || state.status === 'uploading')) this.#set(id, { status: 'cancelled' });
    this.#settleIfIdle();
  }

  state(id: string): UploadJobState | undefined {
    return this.#states.get(id);
  }

  /** Resolves once nothing is queued or running. */
  idle(): Promise<void> {
    if (this.#pending.length === 0 && this.#running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #set(id: string, state: UploadJobState): void {
    this.#states.set(id, state);
    this.#options.onChange?.(id, state);
  }

  #pump(): void {
    while (this.#running.size < this.#options.concurrency && this.#pending.length > 0) {
      const job = this.#pending.shift()!;
      const controller = new AbortController();
      this.#running.set(job.id, controller);
      void this.#run(job, controller.signal).finally(() => {
        this.#running.delete(job.id);
        this.#pump();
        this.#settleIfIdle();
      });
    }
  }

  async #run(job: UploadJob, signal: AbortSignal): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      this.#set(job.id, { status: 'uploading', sentBytes: 0 });
      try {
        const { cid } = await this.#options.upload(job, (sentBytes) => this.#set(job.id, { status: 'uploading', sentBytes }), signal);
        if (!signal.aborted) this.#set(job.id, { status: 'done', cid });
        return;
      } catch (error) {
        if (signal.aborted) return;
        if (attempt > this.#options.retries) {
          this.#set(job.id, { status: 'failed', error: error instanceof Error ? error.message : String(error), attempts: attempt });
          return;
        }
      }
    }
  }

  #settleIfIdle(): void {
    if (this.#pending.length > 0 || this.#running.size > 0) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }
}
