import { signupSchema, tokenGenerateSchema } from '@cairn/shared';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './form-errors';

describe('fieldErrors', () => {
  it('maps sign-up problems to translation keys, one per field', () => {
    const input = {
      name: '',
      lastname: 'x'.repeat(300),
      country: 'US',
      birthDate: '31/02/2000',
      language: 'en',
      email: 'nope',
      password: '123',
    };
    const result = signupSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!, input)).toEqual({
      name: { key: 'validation.required' },
      lastname: { key: 'validation.too_long', values: { max: 255 } },
      birthDate: { key: 'validation.birth_date_invalid' },
      email: { key: 'validation.email_invalid' },
      password: { key: 'validation.too_short', values: { min: 6 } },
    });
  });

  it('asks for an IP when a token never expires, and a valid one otherwise', () => {
    const never = { name: 'ci', expiresInDays: null, allowedIp: '' };
    expect(fieldErrors(tokenGenerateSchema.safeParse(never).error!, never)).toEqual({ allowedIp: { key: 'validation.ip_required' } });
    const bad = { name: 'ci', expiresInDays: 30, allowedIp: '0.0.0.0' };
    expect(fieldErrors(tokenGenerateSchema.safeParse(bad).error!, bad)).toEqual({ allowedIp: { key: 'validation.ip_invalid' } });
  });
});
