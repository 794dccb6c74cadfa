import { describe, expect, it } from 'vitest';
import { buildConfig, ConfigError } from './config';
import { readEnv } from './env';

const KEYS = { STRIPE_SECRET_KEY: 'sk_test_51abcDEF', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

describe('Stripe configuration', () => {
  it('is off without keys: payments are simply not configured', () => {
    expect(buildConfig(readEnv({})).stripe).toBeNull();
  });

  it('takes both keys, and an optional API URL for a stand-in', () => {
    expect(buildConfig(readEnv(KEYS)).stripe).toEqual({
      secretKey: KEYS.STRIPE_SECRET_KEY,
      webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET,
      apiUrl: null,
    });
    const local = buildConfig(readEnv({ ...KEYS, STRIPE_API_URL: 'http://127.0.0.1:12111' })).stripe;
    expect(local?.apiUrl?.origin).toBe('http://127.0.0.1:12111');
  });

  it.each([
    [{ STRIPE_SECRET_KEY: KEYS.STRIPE_SECRET_KEY }, 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together'],
    [{ STRIPE_WEBHOOK_SECRET: KEYS.STRIPE_WEBHOOK_SECRET }, 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together'],
    [{ ...KEYS, STRIPE_SECRET_KEY: 'pk_test_publishable' }, 'STRIPE_SECRET_KEY must be a Stripe secret key'],
    [{ ...KEYS, STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret'],
    [{ STRIPE_API_URL: 'http://127.0.0.1:1' }, 'STRIPE_API_URL is set but STRIPE_SECRET_KEY is not'],
    [{ ...KEYS, STRIPE_API_URL: 'not a url' }, 'STRIPE_API_URL is not a URL'],
    [{ ...KEYS, STRIPE_API_URL: 'ftp://stripe.example' }, 'STRIPE_API_URL must use https://'],
    [
      { ...KEYS, NODE_ENV: 'production', PUBLIC_URL: 'https://cairn.example', STRIPE_API_URL: 'http://stripe.example' },
      'STRIPE_API_URL must use https://',
    ],
  ])('stops at start on %j, never printing a key', (env, message) => {
    let error: unknown;
    try {
      buildConfig(readEnv(env));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    for (const value of Object.values(KEYS)) expect((error as Error).message).not.toContain(value);
  });
});
