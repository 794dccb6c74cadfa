import type { HttpClient, RequestOptions } from '../http';
import type { ApiToken, ApiTokenCreated, TokenGenerateRequest, TokenList } from '../types';

/** API tokens: the secret of a new token is returned once, by `create`. */
export class Tokens {
  constructor(private readonly http: HttpClient) {}

  /**
   * Creates a token. `scopes` limits what it may do (`['files:read', 'pins:write']`); left out,
   * the token has full access. `groupId` limits it to one group.
   */
  create(params: TokenGenerateRequest, options: RequestOptions = {}): Promise<ApiTokenCreated> {
    return this.http.request({ method: 'POST', path: '/tokens/generate', json: params, idempotent: false, ...options });
  }

  list(options: RequestOptions = {}): Promise<TokenList> {
    return this.http.request({ method: 'GET', path: '/tokens', idempotent: true, ...options });
  }

  /** Revoking is idempotent on the server (a second revocation keeps the first time), so it is retried. */
  revoke(id: string, options: RequestOptions = {}): Promise<ApiToken> {
    return this.http.request({ method: 'DELETE', path: `/tokens/${encodeURIComponent(id)}`, idempotent: true, ...options });
  }
}
