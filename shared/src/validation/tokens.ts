import { z } from 'zod';
import { tokenScopeValues, type TokenScope } from '../api-types/schemas';
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
    // Left out by clients older than scopes: they keep making full-access tokens.
    scopes: z
      .array(z.enum(tokenScopeValues, { error: `Unknown scope: use ${tokenScopeValues.join(', ')}` }), {
        error: 'scopes must be a list of scopes',
      })
      .min(1, 'Choose at least one scope')
      .max(tokenScopeValues.length, 'Too many scopes')
      .optional()
      .transform((value): TokenScope[] => value ?? ['all']),
    groupId: z
      .uuid('groupId must be a group id (a UUID)')
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  })
  .superRefine((value, ctx) => {
    if (new Set(value.scopes).size !== value.scopes.length) {
      ctx.addIssue({ code: 'custom', path: ['scopes'], message: 'A scope is listed twice' });
    } else if (value.scopes.includes('all') && value.scopes.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['scopes'], message: 'Full access (all) already holds every scope: send it alone' });
    }
    if (value.allowedIp === null && value.expiresInDays === null) {
      ctx.addIssue({ code: 'custom', path: ['allowedIp'], message: 'An IP restriction is required when the token never expires' });
    } else if (value.allowedIp !== null && !isAllowableIp(value.allowedIp)) {
      ctx.addIssue({ code: 'custom', path: ['allowedIp'], message: 'Enter a valid IP address' });
    }
  });
export type TokenGenerateInput = z.infer<typeof tokenGenerateSchema>;
