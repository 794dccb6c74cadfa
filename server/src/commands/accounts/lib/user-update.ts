import type { AppContext } from '../../../context';
import type { UserRow, UserUpdate } from '../../../db/schema';
import { nowIso } from '../../../lib/time';

/** Writes `changes` to the account and answers the account as it now is. */
export async function userUpdate(app: AppContext, user: UserRow, changes: UserUpdate): Promise<UserRow> {
  const updated_at = nowIso();
  await app.stores.users.update(user.id, { ...changes, updated_at });
  return { ...user, ...changes, updated_at } as UserRow;
}
