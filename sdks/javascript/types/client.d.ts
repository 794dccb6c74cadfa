// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
/* eslint-disable */
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
import { type RetryOptions } from './retry';
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
export declare class Cairn {
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
  constructor(options?: CairnOptions);
}
