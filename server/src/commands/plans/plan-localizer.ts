import type { LanguageCode } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { PlanRow } from '../../db/schema';

/**
 * The plans with their name and description in `language`. English is the plans' own text and
 * the fallback: for a language without a translation, and for a field its translation left empty.
 */
export async function planLocalizer(app: AppContext, plans: PlanRow[], language: LanguageCode): Promise<PlanRow[]> {
  if (language === 'en') return plans;
  const texts = await app.stores.plans.translations([...new Set(plans.map((plan) => plan.code))], language);
  return plans.map((plan) => {
    const text = texts.get(plan.code);
    return text ? { ...plan, name: text.name || plan.name, description: text.description || plan.description } : plan;
  });
}
