import { signupSchema, tokenGenerateSchema } from '@cairn/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fieldErrors, serverFieldErrors } from './form-errors';

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

describe('serverFieldErrors', () => {
  const fields = ['email', 'password', 'country', 'referralCode'];

  it('puts a refusal about one field under that field', () => {
    expect(serverFieldErrors(new ApiError(409, 'email_taken', 'taken'), fields)).toEqual({ email: { key: 'errors.email_taken' } });
    expect(serverFieldErrors(new ApiError(400, 'invalid_referral_code', 'no'), fields)).toEqual({
      referralCode: { key: 'errors.invalid_referral_code' },
    });
    expect(serverFieldErrors(new ApiError(400, 'webhook_url_refused', 'private'), ['url', 'events'])).toEqual({
      url: { key: 'errors.webhook_url_refused' },
    });
    expect(serverFieldErrors(new ApiError(409, 'domain_taken', 'held'), ['hostname', 'target'])).toEqual({
      hostname: { key: 'errors.domain_taken' },
    });
    expect(serverFieldErrors(new ApiError(400, 'domain_target_not_held', 'not yours'), ['hostname', 'target'])).toEqual({
      target: { key: 'errors.domain_target_not_held' },
    });
  });

  it('maps validation details to the fields the form has, and leaves the rest to the form', () => {
    const error = new ApiError(400, 'validation_error', 'bad', [
      { path: 'country', message: 'Unknown country' },
      { path: 'country', message: 'again' },
      { path: 'somethingElse', message: 'x' },
    ]);
    expect(serverFieldErrors(error, fields)).toEqual({ country: { key: 'validation.country_invalid' } });
    expect(serverFieldErrors(new ApiError(400, 'validation_error', 'bad', [{ path: '', message: 'x' }]), fields)).toBeNull();
    expect(serverFieldErrors(new ApiError(429, 'rate_limited', 'slow'), fields)).toBeNull();
    expect(serverFieldErrors(new ApiError(409, 'email_taken', 'taken'), ['password'])).toBeNull();
    expect(serverFieldErrors(new Error('boom'), fields)).toBeNull();
  });
});
