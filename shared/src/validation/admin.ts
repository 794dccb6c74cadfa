import { z } from 'zod';
import { LOG_RETENTION_DAYS, NAME_MAX, SUPPORTED_LANGUAGES, type LanguageCode } from './limits';
import { pageQuerySchema } from './content';

/** An account's status (spec section 3); an `inactive` account is disabled: it cannot sign in or use its tokens. */
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_ROLES = ['user', 'admin'] as const;
export const LOG_TYPES = ['info', 'warning', 'critical'] as const;

export const PLAN_CODE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;
export const PLAN_NAME_MAX = 100;
export const PLAN_DESCRIPTION_MAX = 1000;
export const PLAN_PRICE_MAX_EUR = 100_000;
export const LOG_PRUNE_MAX_DAYS = 3650;

const uuid = (label: string) => z.uuid(`${label} must be a UUID`);
const UUID_OR_EMPTY = '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})?$';
/**
 * An optional query filter: an empty value (`?type=`) means no filter. `sent` is the JSON Schema
 * of what may be sent, the empty value included.
 */
const filter = <T extends z.ZodType>(schema: T, sent: z.core.JSONSchemaMeta) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional()).meta(sent);

/** `?page&limit&search` of every admin list. */
export const adminListQuerySchema = pageQuerySchema;
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const adminUserUpdateSchema = z
  .object({
    status: z.enum(USER_STATUSES, { error: 'status must be active or inactive' }).optional(),
    role: z.enum(USER_ROLES, { error: 'role must be user or admin' }).optional(),
    planCode: z.string({ error: 'planCode must be a plan code' }).max(32).trim().min(1, 'planCode must be a plan code').optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), 'Nothing to change: send status, role or planCode');
export type AdminUserUpdateInput = z.infer<typeof adminUserUpdateSchema>;

/** The largest bonus one grant can give: 1 TiB. */
export const BONUS_GRANT_MAX_MB = 1024 * 1024;
export const BONUS_NOTE_MAX = 200;

/** An administrator gives an account bonus storage, in MB (1024 × 1024 bytes), saying why. */
export const adminBonusGrantSchema = z.object({
  megabytes: z
    .number({ error: 'megabytes must be a whole number of MB' })
    .int('megabytes must be a whole number of MB')
    .min(1, 'megabytes must be at least 1')
    .max(BONUS_GRANT_MAX_MB, `megabytes must be at most ${BONUS_GRANT_MAX_MB}`),
  note: z
    .string({ error: 'A note saying why is required' })
    .max(BONUS_NOTE_MAX, `The note must be at most ${BONUS_NOTE_MAX} characters`)
    .trim()
    .min(1, 'A note saying why is required'),
});
export type AdminBonusGrantInput = z.infer<typeof adminBonusGrantSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real calendar day (no 30 February), or a parseable instant. */
function isDateBound(value: string): boolean {
  if (DAY.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    // 2025-13-45 is no date at all: toISOString() would throw on it.
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
  }
  return INSTANT.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * A day (`YYYY-MM-DD`, UTC) or an ISO 8601 instant, as an ISO instant: a day bound covers the whole
 * day, so `from` is its first millisecond and `to` its last.
 */
const dateBound = (label: string, edge: 'start' | 'end') =>
  z
    .string()
    .trim()
    .refine(isDateBound, `${label} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`)
    .transform((value) =>
      DAY.test(value) ? `${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z` : new Date(value).toISOString(),
    );

export const adminLogQuerySchema = pageQuerySchema.omit({ search: true }).extend({
  type: filter(z.enum(LOG_TYPES, { error: 'type must be info, warning or critical' }), { enum: [...LOG_TYPES, ''] }),
  action: filter(z.string().regex(/^[a-z_]{1,50}$/, 'action must be an action name such as login'), { pattern: '^[a-z_]{0,50}$' }),
  userId: filter(uuid('userId'), { format: undefined, pattern: UUID_OR_EMPTY }),
  user: filter(z.string().max(254, 'user must be at most 254 characters').trim().min(1), { minLength: undefined }),
  from: filter(dateBound('from', 'start'), {}),
  to: filter(dateBound('to', 'end'), {}),
});
export type AdminLogQuery = z.infer<typeof adminLogQuerySchema>;

export const logPruneSchema = z.object({
  olderThanDays: z
    .number({ error: 'olderThanDays must be a whole number of days' })
    .int('olderThanDays must be a whole number of days')
    .min(1, 'olderThanDays must be at least 1')
    .max(LOG_PRUNE_MAX_DAYS, `olderThanDays must be at most ${LOG_PRUNE_MAX_DAYS}`)
    .default(LOG_RETENTION_DAYS),
});
export type LogPruneInput = z.infer<typeof logPruneSchema>;

/** `POST /admin/usage/checks`: compare every account's usage with its records, and set right what differs unless `repair` is false. */
export const usageCheckSchema = z.object({
  repair: z.boolean({ error: 'repair must be true or false' }).default(true),
});
export type UsageCheckInput = z.infer<typeof usageCheckSchema>;

/** Languages a plan's name and description are translated into; English lives on the plan itself. */
export const PLAN_TRANSLATION_LANGUAGES = SUPPORTED_LANGUAGES.filter((code) => code !== 'en') as [
  Exclude<LanguageCode, 'en'>,
  ...Exclude<LanguageCode, 'en'>[],
];

/**
 * A plan's texts per language. An empty field falls back to English; a language sent with both
 * fields empty loses its translation. Languages not sent are left as they are.
 */
export const planTranslationsSchema = z.partialRecord(
  z.enum(PLAN_TRANSLATION_LANGUAGES, { error: 'Plan translations are given for es, ca, eu, fr, de, it, pt, ru or uk' }),
  z.strictObject({
    name: z.string().max(PLAN_NAME_MAX, `Plan name must be at most ${PLAN_NAME_MAX} characters`).trim().default(''),
    description: z.string().max(PLAN_DESCRIPTION_MAX, `Description must be at most ${PLAN_DESCRIPTION_MAX} characters`).trim().default(''),
  }),
);
export type PlanTranslationsInput = z.infer<typeof planTranslationsSchema>;

/** What the gateway does once an account is past its plan's monthly egress allowance: refuse (429), or keep serving. */
export const EGRESS_OVER_LIMIT = ['block', 'serve'] as const;
export type EgressOverLimit = (typeof EGRESS_OVER_LIMIT)[number];

const planFields = {
  name: z
    .string({ error: 'Plan name is required' })
    .max(PLAN_NAME_MAX, `Plan name must be at most ${PLAN_NAME_MAX} characters`)
    .trim()
    .min(1, 'Plan name is required'),
  storageLimitBytes: z
    .number({ error: 'storageLimitBytes must be a whole number of bytes' })
    .int('storageLimitBytes must be a whole number of bytes')
    .min(1, 'storageLimitBytes must be at least 1')
    .max(Number.MAX_SAFE_INTEGER, 'storageLimitBytes is too large'),
  priceMonthlyEur: z
    .number({ error: 'priceMonthlyEur must be a number of euros' })
    .min(0, 'priceMonthlyEur cannot be negative')
    .max(PLAN_PRICE_MAX_EUR, `priceMonthlyEur must be at most ${PLAN_PRICE_MAX_EUR}`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'priceMonthlyEur must have at most two decimals'),
  description: z.string().max(PLAN_DESCRIPTION_MAX, `Description must be at most ${PLAN_DESCRIPTION_MAX} characters`).trim(),
  active: z.boolean({ error: 'active must be true or false' }),
  isDefault: z.boolean({ error: 'isDefault must be true or false' }),
  translations: planTranslationsSchema,
  egressLimitBytes: z
    .number({ error: 'egressLimitBytes must be a whole number of bytes, or null for no limit' })
    .int('egressLimitBytes must be a whole number of bytes')
    .min(1, 'egressLimitBytes must be at least 1, or null for no limit')
    .max(Number.MAX_SAFE_INTEGER, 'egressLimitBytes is too large')
    .nullable(),
  egressOverLimit: z.enum(EGRESS_OVER_LIMIT, { error: 'egressOverLimit must be block or serve' }),
  requestLimitFactor: z
    .number({ error: 'requestLimitFactor must be a whole number from 0 to 1000' })
    .int('requestLimitFactor must be a whole number from 0 to 1000')
    .min(0, 'requestLimitFactor must be a whole number from 0 to 1000')
    .max(1000, 'requestLimitFactor must be a whole number from 0 to 1000'),
};

export const planCreateSchema = z
  .object({
    code: z
      .string({ error: 'Plan code is required' })
      .trim()
      .regex(PLAN_CODE_PATTERN, 'Plan code must be 1 to 32 lower-case letters, digits, hyphens or underscores')
      .meta({ pattern: String.raw`^\s*[a-z0-9][a-z0-9_-]{0,31}\s*$` }),
    ...planFields,
    description: planFields.description.default(''),
    active: planFields.active.default(true),
    isDefault: planFields.isDefault.default(false),
    translations: planFields.translations.default({}),
    egressLimitBytes: planFields.egressLimitBytes.default(null),
    egressOverLimit: planFields.egressOverLimit.default('block'),
    requestLimitFactor: planFields.requestLimitFactor.default(1),
  })
  .refine((plan) => plan.active || !plan.isDefault, { path: ['active'], message: 'The default plan must be active' });
export type PlanCreateInput = z.infer<typeof planCreateSchema>;

export const planUpdateSchema = z
  .object(planFields)
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), 'Nothing to change');
export type PlanUpdateInput = z.infer<typeof planUpdateSchema>;

export const planCodeParamsSchema = z.object({ code: z.string().min(1).max(NAME_MAX) });

/** States of an outbox job on the content engine: waiting (or retrying), being carried out, given up. */
export const CONTENT_JOB_STATUSES = ['pending', 'running', 'failed'] as const;
export type ContentJobStatus = (typeof CONTENT_JOB_STATUSES)[number];

/** `?status&page&limit` of the content jobs list; no status lists every job. */
export const adminContentJobQuerySchema = pageQuerySchema.omit({ search: true }).extend({
  status: filter(z.enum(CONTENT_JOB_STATUSES, { error: 'status must be pending, running or failed' }), {
    enum: [...CONTENT_JOB_STATUSES, ''],
  }),
});
export type AdminContentJobQuery = z.infer<typeof adminContentJobQuerySchema>;
