import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';

/**
 * Deletes the account's revoked tokens, which never work again and only clutter its list; each
 * revocation stays in the audit log. Answers how many went.
 */
export function revokedTokenRemover(app: AppContext, user: UserRow): Promise<number> {
  return app.stores.tokens.deleteRevoked(user.id);
}
