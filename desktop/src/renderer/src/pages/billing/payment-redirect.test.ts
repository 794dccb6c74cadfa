import { describe, expect, it } from 'vitest';
import { paymentRedirect } from './payment-redirect';

describe('paymentRedirect', () => {
  it('accepts an absolute https or http address', () => {
    expect(paymentRedirect('https://checkout.stripe.com/c/pay/cs_test_1')).toEqual({
      ok: true,
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    expect(paymentRedirect('http://127.0.0.1:4242/pay/1')).toMatchObject({ ok: true });
  });

  it('says the address is missing when the answer has none', () => {
    expect(paymentRedirect(undefined)).toEqual({ ok: false, reason: 'payment_url_missing' });
    expect(paymentRedirect('  ')).toEqual({ ok: false, reason: 'payment_url_missing' });
  });

  it('refuses relative addresses and other schemes', () => {
    expect(paymentRedirect('/payment/success')).toEqual({ ok: false, reason: 'invalid_redirect_url' });
    expect(paymentRedirect('javascript:alert(1)')).toEqual({ ok: false, reason: 'invalid_redirect_url' });
    expect(paymentRedirect('data:text/html,hi')).toEqual({ ok: false, reason: 'invalid_redirect_url' });
  });
});
