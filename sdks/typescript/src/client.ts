import { runsInBrowser, xhrFetch } from './browser-transport';
import { HttpClient } from './http';
import { nodeFetch, runsInNode } from './node-transport';
import { Dag, Plans, Referrals, UsageResource, Users } from './resources/account';
import { Domains } from './resources/domains';
import { Gateway } from './resources/gateway';
import { Groups } from './resources/groups';
import { Names } from './resources/ipns-names';
import { Links } from './resources/links';
import { Pins } from './resources/pins';
import { Psa } from './resources/psa';
import { Tokens } from './resources/tokens';
import { Uploads } from './resources/uploads';
import { defaultRetry, type RetryOptions } from './retry';
import { SDK_VERSION } from './version';

export interface CairnOptions {
  /** An API token (`cairn_…`) or a session JWT; or a function giving it, read at each request. */
  token?: string | (() => string | null | undefined);
  /** The server, e.g. `https://cairn.example.com` (the API is under `/api/v2`). In a browser, defaults to the page's origin. */
  baseUrl?: string;
  /** Milliseconds per attempt for JSON calls (default 60000; uploads have none unless given per call). */
  timeoutMs?: number;
  /** Retries of idempotent calls on 429, 503 and connection errors (`maxRetries: 0` turns them off). */
  retry?: Partial<RetryOptions>;
  /**
   * A fetch implementation (default: node:http in Node; elsewhere the global fetch, and for an
   * upload with `onProgress` XMLHttpRequest, which reports its progress). A given one sends every call.
   */
  fetch?: typeof fetch;
}

/** The Cairn API client: `new Cairn({ token, baseUrl })`. */
export class Cairn {
  readonly uploads: Uploads;
  readonly pins: Pins;
  readonly groups: Groups;
  /** Signed access links to a record. */
  readonly links: Links;
  /** The IPFS Pinning Service API (`/psa/pins`). */
  readonly psa: Psa;
  /** IPNS names: publish, resolve, roll back. */
  readonly names: Names;
  /** Custom domains serving an IPNS name or a file of the account. */
  readonly domains: Domains;
  readonly dag: Dag;
  readonly usage: UsageResource;
  readonly users: Users;
  readonly tokens: Tokens;
  readonly referrals: Referrals;
  readonly plans: Plans;
  readonly gateway: Gateway;

  constructor(options: CairnOptions = {}) {
    const baseUrl = options.baseUrl ?? (globalThis as { location?: { origin: string } }).location?.origin;
    if (!baseUrl) throw new TypeError('Cairn needs a baseUrl, e.g. new Cairn({ token, baseUrl: "https://cairn.example.com" })');
    const http = new HttpClient({
      baseUrl,
      token: options.token,
      // Node sends every call over node:http (uploads streamed with backpressure), unless a fetch was given.
      fetch: options.fetch ?? (runsInNode ? (input, init) => nodeFetch(String(input), init ?? {}) : (input, init) => fetch(input, init)),
      streamFetch: !options.fetch && runsInNode ? nodeFetch : undefined,
      // In a browser an upload whose progress is followed goes over XMLHttpRequest, which reports it.
      progressFetch: !options.fetch && runsInBrowser && !runsInNode ? xhrFetch : undefined,
      timeoutMs: options.timeoutMs ?? 60_000,
      retry: { ...defaultRetry, ...options.retry },
      userAgent: runsInNode ? `cairn-sdk-ts/${SDK_VERSION}` : undefined,
    });
    this.uploads = new Uploads(http);
    this.pins = new Pins(http);
    this.groups = new Groups(http);
    this.links = new Links(http);
    this.psa = new Psa(http);
    this.names = new Names(http);
    this.domains = new Domains(http);
    this.dag = new Dag(http);
    this.usage = new UsageResource(http);
    this.users = new Users(http);
    this.tokens = new Tokens(http);
    this.referrals = new Referrals(http);
    this.plans = new Plans(http);
    this.gateway = new Gateway(http);
  }
}
