// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import { type HttpClient, type RequestOptions } from '../http';
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
type PinnedJob = PinJob & {
  status: 'pinned';
};
/** Pin jobs: pin existing IPFS content by CID. */
export declare class Pins {
  private readonly http;
  constructor(http: HttpClient);
  /** Starts a pin job; content already on the node usually comes back `pinned` at once. */
  create(cid: string, options?: PinOptions): Promise<PinJob>;
  get(id: string, options?: RequestOptions): Promise<PinJob>;
  /** Polls the job until it is `pinned` (resolves with its record) or `failed` (a `PinFailedError`). */
  wait(job: PinJob | string, options?: WaitOptions): Promise<PinnedJob>;
  /** `create` then `wait`. */
  createAndWait(cid: string, options?: PinOptions & Omit<WaitOptions, 'signal' | 'timeoutMs'>): Promise<PinnedJob>;
  /** How each IPFS node holds one of the account's CIDs; a CID it does not hold is a `NotFoundError`. */
  status(cid: string, options?: RequestOptions): Promise<PinStatusView>;
  /** Which nodes one of the account's CIDs is allocated to, with the replication factors. */
  allocations(cid: string, options?: RequestOptions): Promise<PinAllocationView>;
}
export {};
