import type { LanguageCode } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { planLocalizer } from './plan-localizer';
import { planOf } from '../quota/lib/storage-limit';

/** The plans one can choose (the active ones), the user's own plan and how one can pay, in `language`. */
export async function plansReader(app: AppContext, user: UserRow, language: LanguageCode) {
  const [plans, current] = await Promise.all([app.stores.plans.listActive(), planOf(app, user)]);
  const [localized, localizedCurrent] = await Promise.all([planLocalizer(app, plans, language), planLocalizer(app, [current], language)]);
  return { plans: localized, current: localizedCurrent[0] ?? current, paymentsConfigured: app.payments !== null, cryptoAvailable: false };
}
