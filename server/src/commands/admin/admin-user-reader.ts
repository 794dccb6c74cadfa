import type { AppContext } from '../../context';
import { isUuid } from '../../lib/ids';
import { userNotFound } from './admin-user-updater';
import { planOf } from '../quota/lib/storage-limit';

/** How many of each list the detail page shows; the full lists are in their own sections. */
const DETAIL_LIMIT = 10;

/**
 * Everything administrators see of one account on one page: the account, its plan, what it holds,
 * its tokens, whom it referred, its bonus ledger and its audit trail, each the newest first.
 */
export async function adminUserReader(app: AppContext, userId: string) {
  const user = isUuid(userId) ? await app.stores.users.findById(userId) : undefined;
  if (!user) throw userNotFound();
  const page = { offset: 0, limit: DETAIL_LIMIT, userId: user.id };
  const { admin } = app.stores;
  const [plan, referrer, files, tokens, referrals, rewards, logs] = await Promise.all([
    planOf(app, user),
    user.referred_by ? app.stores.users.findById(user.referred_by) : Promise.resolve(undefined),
    admin.uploads.list(page),
    admin.tokens.list(page),
    admin.referrals.listReferrals(page),
    admin.referrals.listRewards(page),
    admin.logs.list(page),
  ]);
  return { user, plan, referrer: referrer ?? null, files, tokens, referrals, rewards, logs };
}
