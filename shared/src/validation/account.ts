import { z } from 'zod';
import { isValidBirthDate } from './dates';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, SUPPORTED_LANGUAGES } from './limits';

const requiredText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`)
    .trim()
    .min(1, `${label} is required`);

export const emailSchema = z
  .string({ error: 'Email is required' })
  .max(EMAIL_MAX, 'Email is too long')
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address'))
  .meta({ format: 'email' });

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const languageSchema = z.enum(SUPPORTED_LANGUAGES, { error: 'Unsupported language' });

/** ISO 3166-1 alpha-2, upper case. Membership in the country list is checked by the server. */
export const countrySchema = z
  .string({ error: 'Country is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Country must be a two-letter ISO 3166-1 code')
  // The JSON Schema of what is sent, before trimming and upper-casing (openapi.yaml's `CountryCodeInput`).
  .meta({ pattern: String.raw`^\s*[A-Za-z]{2}\s*$` });

export const birthDateSchema = z
  .string({ error: 'Birth date is required' })
  .trim()
  .refine((value) => isValidBirthDate(value), 'Birth date must be a real past date in DD/MM/YYYY format')
  .meta({ pattern: String.raw`^\s*\d{2}/\d{2}/\d{4}\s*$` });

export const referralCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,32}$/, 'Referral code is not valid');

export const signupSchema = z.object({
  name: requiredText('Name'),
  lastname: requiredText('Last name'),
  country: countrySchema,
  birthDate: birthDateSchema,
  language: languageSchema,
  email: emailSchema,
  password: passwordSchema,
  referralCode: z
    .union([referralCodeSchema, z.literal('').transform(() => undefined)])
    .meta({ type: 'string', pattern: String.raw`^(\s*[A-Za-z0-9]{4,32}\s*)?$`, anyOf: undefined })
    .optional(),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const profileUpdateSchema = z
  .object({
    name: requiredText('Name'),
    lastname: requiredText('Last name'),
    country: countrySchema,
    birthDate: birthDateSchema,
    language: languageSchema,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: passwordSchema,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export const preferencesSchema = z.object({
  language: languageSchema,
  country: countrySchema.optional(),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;
