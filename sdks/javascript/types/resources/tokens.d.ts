// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
import type { HttpClient, RequestOptions } from '../http';
import type { ApiToken, ApiTokenCreated, TokenGenerateRequest, TokenList } from '../types';
/** API tokens: the secret of a new token is returned once, by `create`. */
export declare class Tokens {
  private readonly http;
  constructor(http: HttpClient);
  /**
   * Creates a token. `scopes` limits what it may do (`['files:read', 'pins:write']`); left out,
   * the token has full access. `groupId` limits it to one group.
   */
  create(params: TokenGenerateRequest, options?: RequestOptions): Promise<ApiTokenCreated>;
  list(options?: RequestOptions): Promise<TokenList>;
  /** Revoking is idempotent on the server (a second revocation keeps the first time), so it is retried. */
  revoke(id: string, options?: RequestOptions): Promise<ApiToken>;
}
