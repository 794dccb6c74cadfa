import type { HttpClient, RequestOptions } from '../http';
import type { Domain, DomainDeleted, DomainList } from '../types';

/**
 * Custom domains: a host name of the account's that serves one of its IPNS names
 * (`/ipns/<name>`) or the root CID of one of its files (`/ipfs/<cid>`) once its DNSLink record
 * (`dnslinkRecord`) is in DNS and the domain is verified. Full-access tokens only.
 */
export class Domains {
  constructor(private readonly http: HttpClient) {}

  /** Every custom domain of the account (at most 20), oldest first. */
  async list(options: RequestOptions = {}): Promise<Domain[]> {
    const list: DomainList = await this.http.request({ method: 'GET', path: '/domains', idempotent: true, ...options });
    return list.domains;
  }

  /**
   * Adds `hostname`, to serve `target` once verified; it starts `pending`, with the TXT record to
   * create in `dnslinkRecord`. A target the account does not hold is a `ValidationError`
   * (`domain_target_not_held`); a host name another account holds, or a 21st domain, a
   * `ConflictError` (`domain_taken`, `domain_limit_reached`). Not retried.
   */
  add(hostname: string, target: string, options: RequestOptions = {}): Promise<Domain> {
    return this.http.request({ method: 'POST', path: '/domains', json: { hostname, target }, idempotent: false, ...options });
  }

  /**
   * Looks the domain's DNSLink up now and answers the domain after the check: `verified`, or
   * `failed` with `lastError` saying why. A repeat only checks again, so it is retried.
   */
  verify(domainId: string, options: RequestOptions = {}): Promise<Domain> {
    return this.http.request({ method: 'POST', path: `${domainPath(domainId)}/verify`, idempotent: true, ...options });
  }

  /** The host name serves nothing from now on; a second delete is a `NotFoundError` (`domain_not_found`), so it is not retried. */
  delete(domainId: string, options: RequestOptions = {}): Promise<DomainDeleted> {
    return this.http.request({ method: 'DELETE', path: domainPath(domainId), idempotent: false, ...options });
  }
}

function domainPath(domainId: string): string {
  return `/domains/${encodeURIComponent(domainId)}`;
}
