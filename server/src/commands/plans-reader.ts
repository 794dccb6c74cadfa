import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { planOf } from './quota-reservation';

/** The plans one can choose (the active ones), the user's own plan and how one can pay. */
export async function plansReader(app: AppContext, user: UserRow) {
  const [plans, current] = await Promise.all([app.stores.plans.listActive(), planOf(app, user)]);
  return { plans, current, paymentsConfigured: app.payments !== null, cryptoAvailable: false };
}
