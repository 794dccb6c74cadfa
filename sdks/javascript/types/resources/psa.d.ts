// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import { type HttpClient, type RequestOptions } from '../http';
import type { PsaPinRequest, PsaPinResults, PsaPinStatus, PsaStatus, PsaTextMatchingStrategy } from '../types';
export interface PsaListParams {
  /** At most 10 CIDs, matched by content. */
  cid?: string | readonly string[];
  name?: string;
  /** How `name` is compared (default `exact`). */
  match?: PsaTextMatchingStrategy;
  /** Default: `pinned` only, as the spec says. */
  status?: PsaStatus | readonly PsaStatus[];
  before?: Date | string;
  after?: Date | string;
  /** 1 to 1000 (default 10). */
  limit?: number;
  /** Requests whose meta holds every one of these keys with the same value. */
  meta?: Record<string, string>;
}
export interface PsaWaitOptions {
  signal?: AbortSignal;
  onProgress?: (pin: PsaPinStatus) => void;
  /** Milliseconds between polls (default 1000). */
  intervalMs?: number;
  /** Gives up after this many milliseconds (default: as long as the request runs). */
  timeoutMs?: number;
}
export declare class Psa {
  private readonly http;
  constructor(http: HttpClient);
  /** Queues a pin request; it answers at once, `queued` or further on. */
  add(pin: PsaPinRequest, options?: RequestOptions): Promise<PsaPinStatus>;
  get(requestid: string, options?: RequestOptions): Promise<PsaPinStatus>;
  /** The requests matching every filter, newest first; `count` is how many match in all. */
  list(params?: PsaListParams, options?: RequestOptions): Promise<PsaPinResults>;
  /** Queues a new request in place of this one (removed once the new one is pinned). */
  replace(requestid: string, pin: PsaPinRequest, options?: RequestOptions): Promise<PsaPinStatus>;
  /** Removes the request: cancelled if still fetching, unpinned and refunded if pinned. */
  remove(requestid: string, options?: RequestOptions): Promise<void>;
  /** Polls until the request is `pinned` (resolves with it) or `failed` (a `PinFailedError`). */
  wait(pin: PsaPinStatus | string, options?: PsaWaitOptions): Promise<PsaPinStatus>;
}
