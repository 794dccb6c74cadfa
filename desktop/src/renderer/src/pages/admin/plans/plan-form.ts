import { GIB, PLAN_TRANSLATION_LANGUAGES, type EgressOverLimit } from '@cairn/shared';
import type { AdminPlan, PlanText } from '@cairn/shared/api-types';

export const STORAGE_UNITS = { MB: GIB / 1024, GB: GIB, TB: 1024 * GIB } as const;
export type StorageUnit = keyof typeof STORAGE_UNITS;

/** The plan form as typed: numbers stay text until submitted. */
export interface PlanFormValues {
  code: string;
  name: string;
  storage: string;
  unit: StorageUnit;
  price: string;
  description: string;
  active: boolean;
  isDefault: boolean;
  /** The monthly egress allowance in GB as typed; empty is unlimited. */
  egress: string;
  egressOverLimit: EgressOverLimit;
  /** What the per-token request limits of the plan's accounts are multiplied by, as typed; 0 lifts them. */
  requestLimitFactor: string;
  /** Name and description per language other than English, as typed. */
  translations: Record<string, PlanText>;
}

export const emptyPlanForm = (): PlanFormValues => ({
  code: '',
  name: '',
  storage: '',
  unit: 'GB',
  price: '0',
  description: '',
  active: true,
  isDefault: false,
  egress: '',
  egressOverLimit: 'block',
  requestLimitFactor: '1',
  translations: {},
});

/** The largest unit in which `bytes` is a whole number; GB when none is (a fraction of a GB stays readable). */
function unitFor(bytes: number): StorageUnit {
  if (bytes >= STORAGE_UNITS.TB && bytes % STORAGE_UNITS.TB === 0) return 'TB';
  if (bytes % STORAGE_UNITS.GB === 0) return 'GB';
  return bytes % STORAGE_UNITS.MB === 0 ? 'MB' : 'GB';
}

/** A plan as the form shows it: its storage in the largest unit that keeps a whole number. */
export function planToForm(plan: AdminPlan): PlanFormValues {
  const unit = unitFor(plan.storageLimitBytes);
  const amount = plan.storageLimitBytes / STORAGE_UNITS[unit];
  return {
    code: plan.code,
    name: plan.name,
    storage: String(Number(amount.toFixed(3))),
    unit,
    price: String(plan.priceMonthlyEur),
    description: plan.description,
    active: plan.active,
    isDefault: plan.isDefault,
    egress: plan.egressLimitBytes === null ? '' : String(Number((plan.egressLimitBytes / GIB).toFixed(3))),
    egressOverLimit: plan.egressOverLimit,
    requestLimitFactor: String(plan.requestLimitFactor),
    translations: { ...plan.translations },
  };
}

const sameText = (a: PlanText | undefined, b: PlanText | undefined) =>
  (a?.name ?? '').trim() === (b?.name ?? '').trim() && (a?.description ?? '').trim() === (b?.description ?? '').trim();

/** The languages whose texts differ from `before` (all typed ones for a new plan); an emptied one is sent empty, which removes it. */
function changedTranslations(before: Record<string, PlanText>, after: Record<string, PlanText>): Record<string, PlanText> {
  const changed: Record<string, PlanText> = {};
  for (const language of PLAN_TRANSLATION_LANGUAGES) {
    const text = after[language] ?? { name: '', description: '' };
    if (!sameText(before[language], text)) changed[language] = { name: text.name, description: text.description };
  }
  return changed;
}

/** Parses a decimal typed with a comma or a point ("9,99"); NaN when it is not a number. */
export function parseDecimal(text: string): number {
  const normalised = text.trim().replace(',', '.');
  return normalised === '' || !/^\d*\.?\d*$/.test(normalised) ? Number.NaN : Number(normalised);
}

/** The allowance typed in GB as bytes: null when empty (unlimited), NaN when not a number. */
function egressBytes(text: string): number | null {
  if (text.trim() === '') return null;
  const amount = parseDecimal(text);
  return Number.isNaN(amount) ? Number.NaN : Math.round(amount * GIB);
}

/** The request body the shared plan schemas check: storage in bytes, price in euros. */
export function formToPlan(values: PlanFormValues) {
  const amount = parseDecimal(values.storage);
  return {
    code: values.code.trim(),
    name: values.name,
    storageLimitBytes: Number.isNaN(amount) ? Number.NaN : Math.round(amount * STORAGE_UNITS[values.unit]),
    priceMonthlyEur: parseDecimal(values.price),
    description: values.description,
    active: values.active,
    isDefault: values.isDefault,
    egressLimitBytes: egressBytes(values.egress),
    egressOverLimit: values.egressOverLimit,
    requestLimitFactor: /^\s*\d+\s*$/.test(values.requestLimitFactor) ? Number(values.requestLimitFactor) : Number.NaN,
    translations: changedTranslations({}, values.translations),
  };
}

/** Only what changed, for PATCH; `values` gives the translations as typed. */
export function planChanges(before: AdminPlan, after: ReturnType<typeof formToPlan>, values: PlanFormValues) {
  const changes: Partial<Omit<ReturnType<typeof formToPlan>, 'code'>> = {};
  for (const key of [
    'name',
    'storageLimitBytes',
    'priceMonthlyEur',
    'description',
    'active',
    'isDefault',
    'egressLimitBytes',
    'egressOverLimit',
    'requestLimitFactor',
  ] as const) {
    const next = key === 'name' || key === 'description' ? (after[key] as string).trim() : after[key];
    if (next !== before[key]) (changes as Record<string, unknown>)[key] = after[key];
  }
  const translations = changedTranslations(before.translations, values.translations);
  if (Object.keys(translations).length > 0) changes.translations = translations;
  return changes;
}
