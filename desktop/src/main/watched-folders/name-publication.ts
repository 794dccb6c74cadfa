import { EventEmitter } from 'node:events';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from '../upload-queue/backoff';
import { failureFromError } from '../upload-queue/upload-failure';
import type { FolderPublication, PublishTarget } from './folder-types';
import type { NamePublisher } from './name-publisher';

export interface NamePublicationOptions {
  target: PublishTarget;
  publish: NamePublisher;
  /** The root last published to this name (kept in the folder's manifest), shown until the next one. */
  last?: { cid: string; at: number };
  backoff?: BackoffPolicy;
  random?: () => number;
  now?: () => number;
}

export interface NamePublicationEvents {
  /** The state, the last publication or the error changed. */
  change: [];
  /** The name now points at this root. */
  published: [cid: string, at: number];
}

/**
 * Publishes a watched folder's roots to its name, one at a time, newest last. A root offered while
 * another is being published waits, and a newer offer replaces it: any number of roots offered
 * meanwhile make exactly one more publication, and an older root is never published after a
 * newer one. A failure that time may clear (no answer, 429, 5xx, an ended session) is tried again
 * with backoff for as long as no newer root comes; a refusal (the name was deleted, the content is
 * no longer held) is reported and waits for the next root.
 */
export class NamePublication extends EventEmitter<NamePublicationEvents> {
  readonly target: PublishTarget;
  readonly #publish: NamePublisher;
  readonly #backoff: BackoffPolicy;
  readonly #random: () => number;
  readonly #now: () => number;
  readonly #controller = new AbortController();
  #last: { cid: string; at: number } | null;
  #next: string | null = null;
  /** The root being published now. */
  #current: string | null = null;
  #state: FolderPublication['state'] = 'idle';
  #error: string | null = null;
  #wake: (() => void) | null = null;

  constructor(options: NamePublicationOptions) {
    super();
    this.target = options.target;
    this.#publish = options.publish;
    this.#last = options.last ?? null;
    this.#backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? Date.now;
  }

  /** The folder's newest root: published now, or after the publication under way. */
  offer(cid: string): void {
    if (this.#controller.signal.aborted) return;
    // The same root again (the folder came back to what it was): the name points, or is about to point, at it.
    if (cid === (this.#state === 'idle' ? this.#last?.cid : this.#current)) {
      this.#next = null;
      return;
    }
    this.#next = cid;
    if (this.#state === 'idle') void this.#drain();
    // A retry waiting for its turn gives way to the newer root at once.
    else this.#wake?.();
  }

  view(): FolderPublication {
    return {
      ...this.target,
      state: this.#state,
      cid: this.#last?.cid ?? null,
      publishedAt: this.#last?.at ?? null,
      error: this.#error,
    };
  }

  /** Abandons what is under way (the folder stopped, or its name changed). */
  stop(): void {
    this.#controller.abort();
    this.#wake?.();
  }

  async #drain(): Promise<void> {
    while (this.#next !== null && !this.#controller.signal.aborted) {
      const cid = this.#next;
      this.#next = null;
      this.#current = cid;
      await this.#publishRoot(cid);
      this.#current = null;
    }
    if (!this.#controller.signal.aborted) this.#setState('idle');
  }

  async #publishRoot(cid: string): Promise<void> {
    for (let failures = 0; ;) {
      this.#setState(failures === 0 ? 'publishing' : 'retrying');
      try {
        await this.#publish(this.target.nameId, `/ipfs/${cid}`, this.#controller.signal);
        if (this.#controller.signal.aborted) return;
        this.#last = { cid, at: this.#now() };
        this.#error = null;
        this.emit('published', cid, this.#last.at);
        return;
      } catch (error) {
        if (this.#controller.signal.aborted) return;
        const failure = failureFromError(error);
        this.#error = failure.message;
        if (failure.kind !== 'retry' && failure.kind !== 'sign_in') return this.#changed();
        failures++;
        this.#setState('retrying');
        await this.#sleep(backoffDelay(failures, this.#backoff, this.#random, failure.retryAfterMs));
        // A newer root came meanwhile: this one is out of date, and the newer one goes instead.
        if (this.#next !== null || this.#controller.signal.aborted) return;
      }
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#wake?.(), ms);
      this.#wake = () => {
        clearTimeout(timer);
        this.#wake = null;
        resolve();
      };
    });
  }

  #setState(state: FolderPublication['state']): void {
    this.#state = state;
    this.#changed();
  }

  #changed(): void {
    this.emit('change');
  }
}
