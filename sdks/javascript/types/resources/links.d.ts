// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import type { HttpClient, RequestOptions } from '../http';
import type { AccessLink, AccessLinkRequest } from '../types';
/**
 * Signed access links to one record, private or public: a gateway URL that opens its content in
 * any browser, without an account, until it expires (1 second to 30 days), is revoked, or (single
 * use) was opened once.
 */
export declare class Links {
  private readonly http;
  constructor(http: HttpClient);
  /** `expiresIn` in seconds; `downloadName` makes the content download under that name. */
  create(uploadId: string, params: AccessLinkRequest, options?: RequestOptions): Promise<AccessLink>;
  /** The record's links that still open it, newest first. */
  list(uploadId: string, options?: RequestOptions): Promise<AccessLink[]>;
  /** A link revoked already is a `NotFoundError` (`link_not_found`), so a retry would mislead: not retried. */
  revoke(uploadId: string, linkId: string, options?: RequestOptions): Promise<void>;
}
