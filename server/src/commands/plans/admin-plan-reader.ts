import type { AppContext } from '../../context';
import type { PlanRow } from '../../db/schema';

/** What administrators see of one plan besides its row: how many accounts hold it, and its translations. */
export async function adminPlanReader(app: AppContext, plan: PlanRow) {
  const store = app.stores.admin.plans;
  const [usersCount, translations] = await Promise.all([store.usersCount(plan.code), store.translationsOf([plan.code])]);
  return { usersCount, translations };
}
