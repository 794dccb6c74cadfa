import type { AppContext } from '../../context';
import type { Page } from '../../stores/admin/search';

/** One page of the rewards ledger, for administrators. */
export function adminRewardLister(app: AppContext, page: Page) {
  return app.stores.admin.referrals.listRewards(page);
}
