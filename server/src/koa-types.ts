import type { ParameterizedContext } from 'koa';
import type { Authentication } from './auth/authenticate';
import type { OpenedLink } from './commands/links/link-opener';
import type { AppContext } from './context';
import type { UserRow } from './db/schema';
import type { Principal } from './db/fast/principal';

export interface AppState {
  app: AppContext;
  requestId: string;
  /** Set by auth(): the signed-in, active user, read fresh from the database on this request. */
  user: UserRow;
  /** Set by auth() and authPrincipal(): who is asking, read fresh on this request. */
  principal: Principal;
  auth: Authentication;
  /** Set by validate(): parsed and typed input. */
  input: { body?: unknown; query?: unknown; params?: unknown };
  /** Set by the gateway for a request that carries a valid signed access link. */
  accessLink?: OpenedLink;
  /**
   * Set by the gateway for content reached through a name (an IPNS record, a DNSLink): how long
   * the answer may be cached, since what a name points to changes.
   */
  named?: { maxAgeSeconds: number };
}

export type Ctx = ParameterizedContext<AppState>;
