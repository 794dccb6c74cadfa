import type { AppContext } from '../../context';

/** Every plan, inactive ones included, with how many accounts hold it and its translations. */
export async function adminPlanLister(app: AppContext) {
  const store = app.stores.admin.plans;
  const plans = await store.listWithUsers();
  const translations = await store.translationsOf(plans.map((plan) => plan.code));
  return { plans, translations };
}
