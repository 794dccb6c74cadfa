import type { z } from 'zod';
import { ApiError } from './api-client';

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

/** Server codes that are about one field of a form, and that field. */
const CODE_FIELDS: Record<string, string> = {
  email_taken: 'email',
  invalid_referral_code: 'referralCode',
  webhook_url_refused: 'url',
  domain_taken: 'hostname',
  domain_target_not_held: 'target',
};

/**
 * The server's refusal as errors under the fields it is about (translated by its code, or as an
 * invalid value for a `validation_error` detail), or null when it concerns the form as a whole.
 * Only fields the form has count: a problem elsewhere stays a form-level message.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const field = CODE_FIELDS[error.code];
  if (field && fields.includes(field)) return { [field]: { key: `errors.${error.code}` } };
  if (error.code !== 'validation_error') return null;
  const result: FieldErrors = {};
  for (const { path } of error.details) {
    const name = path.split('.')[0] ?? '';
    if (fields.includes(name) && !result[name]) result[name] = { key: SPECIFIC[name] ?? 'validation.invalid' };
  }
  return Object.keys(result).length > 0 ? result : null;
}
