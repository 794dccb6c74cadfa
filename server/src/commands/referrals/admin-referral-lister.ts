import type { AppContext } from '../../context';
import type { Page } from '../../stores/admin/search';

/** One page of referrers and the accounts they brought, for administrators. */
export function adminReferralLister(app: AppContext, page: Page) {
  return app.stores.admin.referrals.listReferrals(page);
}
