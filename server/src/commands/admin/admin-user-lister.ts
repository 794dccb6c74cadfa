import type { AppContext } from '../../context';
import type { Page } from '../../stores/admin/search';

/** One page of accounts for administrators, with the default plan (the limit of accounts whose plan is gone). */
export async function adminUserLister(app: AppContext, page: Page) {
  const [{ rows, total }, defaultPlan] = await Promise.all([app.stores.admin.users.list(page), app.stores.plans.defaultPlan()]);
  return { rows, total, defaultPlan };
}
