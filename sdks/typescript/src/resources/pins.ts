import { PinFailedError } from '../errors';
import { toCairnError, type HttpClient, type RequestOptions } from '../http';
import { sleep } from '../retry';
import type { PinAllocationView, PinJob, PinStatusView } from '../types';

export interface PinOptions extends RequestOptions {
  /** A custom name for the record. */
  name?: string;
  /** The record is private: the gateway serves it only through signed links. */
  private?: boolean;
  /** A group of the account the record joins once pinned. */
  groupId?: string;
  /** Key-values of the record once pinned. */
  meta?: Record<string, string>;
}

export interface WaitOptions {
  signal?: AbortSignal;
  /** Called with the job after every poll (status, blocks, bytesFetched). */
  onProgress?: (job: PinJob) => void;
  /** Milliseconds between polls (default 1000). */
  intervalMs?: number;
  /** Gives up after this many milliseconds (default: wait as long as the job runs). */
  timeoutMs?: number;
}

type PinnedJob = PinJob & { status: 'pinned' };

/** Pin jobs: pin existing IPFS content by CID. */
export class Pins {
  constructor(private readonly http: HttpClient) {}

  /** Starts a pin job; content already on the node usually comes back `pinned` at once. */
  create(cid: string, options: PinOptions = {}): Promise<PinJob> {
    const { name, private: isPrivate, groupId, meta, ...request } = options;
    return this.http.request({
      method: 'POST',
      path: '/pins',
      json: {
        cid,
        customName: name ?? null,
        ...(isPrivate ? { private: true } : {}),
        ...(groupId ? { groupId } : {}),
        ...(meta ? { meta } : {}),
      },
      idempotent: false,
      ...request,
    });
  }

  get(id: string, options: RequestOptions = {}): Promise<PinJob> {
    return this.http.request({ method: 'GET', path: `/pins/${encodeURIComponent(id)}`, idempotent: true, ...options });
  }

  /** Polls the job until it is `pinned` (resolves with its record) or `failed` (a `PinFailedError`). */
  async wait(job: PinJob | string, options: WaitOptions = {}): Promise<PinnedJob> {
    const deadline = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
    const signal = deadline && options.signal ? AbortSignal.any([deadline, options.signal]) : (deadline ?? options.signal);
    let current = typeof job === 'string' ? await this.get(job, { signal }) : job;
    for (;;) {
      options.onProgress?.(current);
      if (current.status === 'pinned') return current as PinnedJob;
      if (current.status === 'failed') {
        throw new PinFailedError({ status: 0, code: current.errorCode ?? 'pin_failed', message: current.error ?? 'The pin failed' });
      }
      await sleep(options.intervalMs ?? 1000, signal).catch((e) => {
        throw toCairnError(e, signal);
      });
      current = await this.get(current.id, { signal });
    }
  }

  /** `create` then `wait`. */
  async createAndWait(cid: string, options: PinOptions & Omit<WaitOptions, 'signal' | 'timeoutMs'> = {}): Promise<PinnedJob> {
    const job = await this.create(cid, options);
    return this.wait(job, { ...options, timeoutMs: undefined });
  }

  /** How each IPFS node holds one of the account's CIDs; a CID it does not hold is a `NotFoundError`. */
  status(cid: string, options: RequestOptions = {}): Promise<PinStatusView> {
    return this.http.request({ method: 'GET', path: `/status/${encodeURIComponent(cid)}`, idempotent: true, ...options });
  }

  /** Which nodes one of the account's CIDs is allocated to, with the replication factors. */
  allocations(cid: string, options: RequestOptions = {}): Promise<PinAllocationView> {
    return this.http.request({ method: 'GET', path: `/allocations/${encodeURIComponent(cid)}`, idempotent: true, ...options });
  }
}
