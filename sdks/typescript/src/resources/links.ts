import type { HttpClient, RequestOptions } from '../http';
import type { AccessLink, AccessLinkList, AccessLinkRequest } from '../types';

/**
 * Signed access links to one record, private or public: a gateway URL that opens its content in
 * any browser, without an account, until it expires (1 second to 30 days), is revoked, or (single
 * use) was opened once.
 */
export class Links {
  constructor(private readonly http: HttpClient) {}

  /** `expiresIn` in seconds; `downloadName` makes the content download under that name. */
  create(uploadId: string, params: AccessLinkRequest, options: RequestOptions = {}): Promise<AccessLink> {
    return this.http.request({
      method: 'POST',
      path: `/files/${encodeURIComponent(uploadId)}/links`,
      json: params,
      idempotent: false,
      ...options,
    });
  }

  /** The record's links that still open it, newest first. */
  async list(uploadId: string, options: RequestOptions = {}): Promise<AccessLink[]> {
    const list: AccessLinkList = await this.http.request({
      method: 'GET',
      path: `/files/${encodeURIComponent(uploadId)}/links`,
      idempotent: true,
      ...options,
    });
    return list.links;
  }

  /** A link revoked already is a `NotFoundError` (`link_not_found`), so a retry would mislead: not retried. */
  revoke(uploadId: string, linkId: string, options: RequestOptions = {}): Promise<void> {
    return this.http.request({
      method: 'DELETE',
      path: `/files/${encodeURIComponent(uploadId)}/links/${encodeURIComponent(linkId)}`,
      idempotent: false,
      ...options,
    });
  }
}
