import type { LanguageCode } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { PlanRow } from '../../db/schema';
import { planLocalizer } from './plan-localizer';

/** The plan `code`, in `language` where it has a translation; undefined once the plan is gone. */
export async function planReader(app: AppContext, code: string, language: LanguageCode): Promise<PlanRow | undefined> {
  const plan = await app.stores.plans.findByCode(code);
  if (!plan) return undefined;
  const [localized] = await planLocalizer(app, [plan], language);
  return localized;
}
