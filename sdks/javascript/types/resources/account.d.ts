// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import type { HttpClient, RequestOptions } from '../http';
import type { CheckoutRequest, CheckoutResult, DagView, PlanList, ReferralSummary, Usage, User } from '../types';
/** The signed-in account. */
export declare class Users {
  private readonly http;
  constructor(http: HttpClient);
  me(options?: RequestOptions): Promise<User>;
}
/** Storage used against the account's limit. */
export declare class UsageResource {
  private readonly http;
  constructor(http: HttpClient);
  get(options?: RequestOptions): Promise<Usage>;
}
/** The account's referral code, link and referred accounts. */
export declare class Referrals {
  private readonly http;
  constructor(http: HttpClient);
  get(options?: RequestOptions): Promise<ReferralSummary>;
}
/** Plans, and changing plan (a paid plan answers the checkout page's URL). */
export declare class Plans {
  private readonly http;
  constructor(http: HttpClient);
  list(options?: RequestOptions): Promise<PlanList>;
  /** `status: changed` for a free plan; `status: redirect` with the checkout `url` for a paid one. */
  checkout(code: string, params?: CheckoutRequest, options?: RequestOptions): Promise<CheckoutResult>;
}
export interface DagParams {
  page?: number;
  limit?: number;
}
/** One of the account's CIDs as a DAG: totals and a page of direct entries. */
export declare class Dag {
  private readonly http;
  constructor(http: HttpClient);
  get(cid: string, params?: DagParams, options?: RequestOptions): Promise<DagView>;
}
