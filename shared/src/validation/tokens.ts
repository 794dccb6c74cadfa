import { z } from 'zod';
import { isAllowableIp } from './ip';
import { TOKEN_EXPIRY_MAX_DAYS, TOKEN_NAME_MAX } from './limits';

export const tokenGenerateSchema = z
  .object({
    name: z
      .string({ error: 'Token name is required' })
      .max(TOKEN_NAME_MAX, `Token name must be at most ${TOKEN_NAME_MAX} characters`)
      .trim()
      .min(1, 'Token name is required'),
    expiresInDays: z
      .number({ error: 'expiresInDays must be a whole number of days or null' })
      .int('expiresInDays must be a whole number of days or null')
      .min(1, 'expiresInDays must be at least 1')
      .max(TOKEN_EXPIRY_MAX_DAYS, `expiresInDays must be at most ${TOKEN_EXPIRY_MAX_DAYS}`)
      .nullable(),
    allowedIp: z
      .string()
      .trim()
      .optional()
      .nullable()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((value, ctx) => {
    if (value.allowedIp === null && value.expiresInDays === null) {
      ctx.addIssue({ code: 'custom', path: ['allowedIp'], message: 'An IP restriction is required when the token never expires' });
    } else if (value.allowedIp !== null && !isAllowableIp(value.allowedIp)) {
      ctx.addIssue({ code: 'custom', path: ['allowedIp'], message: 'Enter a valid IP address' });
    }
  });
export type TokenGenerateInput = z.infer<typeof tokenGenerateSchema>;
