import type { ErrorCode } from '@cairn/shared/api-types';

export type RedirectCheck =
  { ok: true; url: string } | { ok: false; reason: Extract<ErrorCode, 'payment_url_missing' | 'invalid_redirect_url'> };

/** The payment page address from a checkout answer: present, absolute, and http(s) only. */
export function paymentRedirect(url: unknown): RedirectCheck {
  if (typeof url !== 'string' || url.trim() === '') return { ok: false, reason: 'payment_url_missing' };
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { ok: false, reason: 'invalid_redirect_url' };
    return { ok: true, url: parsed.href };
  } catch {
    return { ok: false, reason: 'invalid_redirect_url' };
  }
}
