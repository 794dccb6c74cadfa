// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import type { HttpClient, RequestOptions } from '../http';
import type { Domain, DomainDeleted } from '../types';
/**
 * Custom domains: a host name of the account's that serves one of its IPNS names
 * (`/ipns/<name>`) or the root CID of one of its files (`/ipfs/<cid>`) once its DNSLink record
 * (`dnslinkRecord`) is in DNS and the domain is verified. Full-access tokens only.
 */
export declare class Domains {
  private readonly http;
  constructor(http: HttpClient);
  /** Every custom domain of the account (at most 20), oldest first. */
  list(options?: RequestOptions): Promise<Domain[]>;
  /**
   * Adds `hostname`, to serve `target` once verified; it starts `pending`, with the TXT record to
   * create in `dnslinkRecord`. A target the account does not hold is a `ValidationError`
   * (`domain_target_not_held`); a host name another account holds, or a 21st domain, a
   * `ConflictError` (`domain_taken`, `domain_limit_reached`). Not retried.
   */
  add(hostname: string, target: string, options?: RequestOptions): Promise<Domain>;
  /**
   * Looks the domain's DNSLink up now and answers the domain after the check: `verified`, or
   * `failed` with `lastError` saying why. A repeat only checks again, so it is retried.
   */
  verify(domainId: string, options?: RequestOptions): Promise<Domain>;
  /** The host name serves nothing from now on; a second delete is a `NotFoundError` (`domain_not_found`), so it is not retried. */
  delete(domainId: string, options?: RequestOptions): Promise<DomainDeleted>;
}
