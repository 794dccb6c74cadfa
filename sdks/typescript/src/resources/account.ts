import type { HttpClient, RequestOptions } from '../http';
import type { CheckoutRequest, CheckoutResult, DagView, PlanList, ReferralSummary, Usage, User } from '../types';

/** The signed-in account. */
export class Users {
  constructor(private readonly http: HttpClient) {}

  me(options: RequestOptions = {}): Promise<User> {
    return this.http.request({ method: 'GET', path: '/users/me', idempotent: true, ...options });
  }
}

/** Storage used against the account's limit. */
export class UsageResource {
  constructor(private readonly http: HttpClient) {}

  get(options: RequestOptions = {}): Promise<Usage> {
    return this.http.request({ method: 'GET', path: '/users/me/usage', idempotent: true, ...options });
  }
}

/** The account's referral code, link and referred accounts. */
export class Referrals {
  constructor(private readonly http: HttpClient) {}

  get(options: RequestOptions = {}): Promise<ReferralSummary> {
    return this.http.request({ method: 'GET', path: '/referrals/me', idempotent: true, ...options });
  }
}

/** Plans, and changing plan (a paid plan answers the checkout page's URL). */
export class Plans {
  constructor(private readonly http: HttpClient) {}

  list(options: RequestOptions = {}): Promise<PlanList> {
    return this.http.request({ method: 'GET', path: '/plans', idempotent: true, ...options });
  }

  /** `status: changed` for a free plan; `status: redirect` with the checkout `url` for a paid one. */
  checkout(
    code: string,
    params: CheckoutRequest = { method: 'card', acceptTerms: true },
    options: RequestOptions = {},
  ): Promise<CheckoutResult> {
    return this.http.request({
      method: 'POST',
      path: `/plans/${encodeURIComponent(code)}/checkout`,
      json: params,
      idempotent: false,
      ...options,
    });
  }
}

export interface DagParams {
  page?: number;
  limit?: number;
}

/** One of the account's CIDs as a DAG: totals and a page of direct entries. */
export class Dag {
  constructor(private readonly http: HttpClient) {}

  get(cid: string, params: DagParams = {}, options: RequestOptions = {}): Promise<DagView> {
    return this.http.request({
      method: 'GET',
      path: `/dag/${encodeURIComponent(cid)}`,
      query: { page: params.page, limit: params.limit },
      idempotent: true,
      ...options,
    });
  }
}
