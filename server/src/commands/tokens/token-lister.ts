import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';

/** The account's API tokens, revoked ones included. */
export function tokenLister(app: AppContext, user: UserRow) {
  return app.stores.tokens.listForUser(user.id);
}
