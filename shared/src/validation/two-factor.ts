import { z } from 'zod';

/** A six-digit authenticator code or a recovery code; spaces and dashes people copy along are allowed. */
const codeSchema = z
  .string({ error: 'Enter the code from your authenticator app or a recovery code' })
  .trim()
  .min(6, 'Enter the code from your authenticator app or a recovery code')
  .max(32, 'Enter the code from your authenticator app or a recovery code');

export const twoFactorLoginSchema = z.object({
  challenge: z.string({ error: 'Challenge is required' }).min(1, 'Challenge is required').max(128),
  code: codeSchema,
});
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginSchema>;

export const twoFactorCodeSchema = z.object({ code: codeSchema });
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

export const adminSettingsSchema = z
  .object({ requireAdminTwoFactor: z.boolean() })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
export type AdminSettingsInput = z.infer<typeof adminSettingsSchema>;
