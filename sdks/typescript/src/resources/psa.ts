/**
 * The IPFS Pinning Service API at `/psa` (outside `/api/v2`): pin requests by CID with names,
 * origins and meta. Its failures (`{error: {reason, details}}`) become the SDK's typed errors.
 */
import { PinFailedError } from '../errors';
import { toCairnError, type HttpClient, type RequestOptions } from '../http';
import { sleep } from '../retry';
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

const list = (value: string | readonly string[] | undefined) => (typeof value === 'string' ? value : value?.join(','));
const time = (value: Date | string | undefined) => (value instanceof Date ? value.toISOString() : value);

/** Absolute, as the API lives outside `/api/v2`. */
function psaUrl(http: HttpClient, suffix = ''): string {
  return http.url(`/psa/pins${suffix}`, undefined, true);
}

export class Psa {
  constructor(private readonly http: HttpClient) {}

  /** Queues a pin request; it answers at once, `queued` or further on. */
  add(pin: PsaPinRequest, options: RequestOptions = {}): Promise<PsaPinStatus> {
    return this.http.request({ method: 'POST', path: psaUrl(this.http), json: pin, idempotent: false, ...options });
  }

  get(requestid: string, options: RequestOptions = {}): Promise<PsaPinStatus> {
    return this.http.request({ method: 'GET', path: psaUrl(this.http, `/${encodeURIComponent(requestid)}`), idempotent: true, ...options });
  }

  /** The requests matching every filter, newest first; `count` is how many match in all. */
  list(params: PsaListParams = {}, options: RequestOptions = {}): Promise<PsaPinResults> {
    const query = {
      cid: list(params.cid),
      name: params.name,
      match: params.match,
      status: list(params.status),
      before: time(params.before),
      after: time(params.after),
      limit: params.limit,
      meta: params.meta ? JSON.stringify(params.meta) : undefined,
    };
    return this.http.request({ method: 'GET', path: psaUrl(this.http), query, idempotent: true, ...options });
  }

  /** Queues a new request in place of this one (removed once the new one is pinned). */
  replace(requestid: string, pin: PsaPinRequest, options: RequestOptions = {}): Promise<PsaPinStatus> {
    return this.http.request({
      method: 'POST',
      path: psaUrl(this.http, `/${encodeURIComponent(requestid)}`),
      json: pin,
      idempotent: false,
      ...options,
    });
  }

  /** Removes the request: cancelled if still fetching, unpinned and refunded if pinned. */
  async remove(requestid: string, options: RequestOptions = {}): Promise<void> {
    await this.http.request({
      method: 'DELETE',
      path: psaUrl(this.http, `/${encodeURIComponent(requestid)}`),
      idempotent: false,
      ...options,
    });
  }

  /** Polls until the request is `pinned` (resolves with it) or `failed` (a `PinFailedError`). */
  async wait(pin: PsaPinStatus | string, options: PsaWaitOptions = {}): Promise<PsaPinStatus> {
    const deadline = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
    const signal = deadline && options.signal ? AbortSignal.any([deadline, options.signal]) : (deadline ?? options.signal);
    let current = typeof pin === 'string' ? await this.get(pin, { signal }) : pin;
    for (;;) {
      options.onProgress?.(current);
      if (current.status === 'pinned') return current;
      if (current.status === 'failed') {
        const code = current.info.error_code ?? 'pin_failed';
        throw new PinFailedError({ status: 0, code, message: current.info.status_details || 'The pin failed' });
      }
      await sleep(options.intervalMs ?? 1000, signal).catch((e) => {
        throw toCairnError(e, signal);
      });
      current = await this.get(current.requestid, { signal });
    }
  }
}
