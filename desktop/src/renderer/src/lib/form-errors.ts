import type { z } from 'zod';

/** Translation keys (in `common:validation`) for the problems a form can show under a field. */
export type FieldErrors = Partial<Record<string, { key: string; values?: Record<string, number> }>>;

const SPECIFIC: Record<string, string> = {
  email: 'validation.email_invalid',
  birthDate: 'validation.birth_date_invalid',
  country: 'validation.country_invalid',
  language: 'validation.language_invalid',
  referralCode: 'validation.referral_invalid',
  allowedIp: 'validation.ip_invalid',
  expiresInDays: 'validation.expiry_invalid',
};

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Turns the shared zod schemas' issues into translatable messages, one per field (the first wins).
 * The schemas' own messages are English for the API; the form shows its translated equivalent.
 */
export function fieldErrors(error: z.ZodError, input: Record<string, unknown>): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_form');
    if (result[field]) continue;
    if (field === 'allowedIp' && isEmpty(input.allowedIp)) {
      result[field] = { key: 'validation.ip_required' };
    } else if (isEmpty(input[field]) && field !== 'referralCode') {
      result[field] = { key: 'validation.required' };
    } else if (issue.code === 'too_small') {
      result[field] = { key: 'validation.too_short', values: { min: Number(issue.minimum) } };
    } else if (issue.code === 'too_big') {
      result[field] = { key: 'validation.too_long', values: { max: Number(issue.maximum) } };
    } else {
      result[field] = { key: SPECIFIC[field] ?? 'validation.invalid' };
    }
  }
  return result;
}
