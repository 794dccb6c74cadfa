import { bytesToMb, REFERRAL_SIGNUP_BONUS_BYTES, REFERRER_BONUS_BYTES } from '@cairn/shared';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatMegabytes } from './units';

describe('formatBytes', () => {
  it('steps by 1024 and keeps whole plan sizes whole', () => {
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(73, 'en')).toBe('73 bytes');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(1024 ** 3, 'en')).toBe('1 GB');
  });

  it('never shows 1,024 of a unit: just under a gigabyte is 1 GB', () => {
    expect(formatBytes(1024 ** 3 - 144, 'en')).toBe('1 GB');
    expect(formatBytes(1023 * 1024 ** 2, 'en')).toBe('1,023 MB');
  });
});

describe('one MB everywhere', () => {
  it('reads the referral bonus as 10 MB whether it comes as bytes (Usage) or as MB (Referrals)', () => {
    for (const bonus of [REFERRAL_SIGNUP_BONUS_BYTES, REFERRER_BONUS_BYTES]) {
      expect(bonus).toBe(10_485_760);
      expect(formatBytes(bonus, 'en')).toBe('10 MB');
      expect(formatMegabytes(bytesToMb(bonus), 'en')).toBe('10 MB');
    }
  });

  it('turns bytes into MB of 1024 × 1024 bytes, to two decimals', () => {
    expect(bytesToMb(1024 ** 2)).toBe(1);
    expect(bytesToMb(5 * 1024 ** 3 + 10 * 1024 ** 2)).toBe(5130);
    expect(bytesToMb(1_000_000)).toBe(0.95);
    expect(formatMegabytes(bytesToMb(1024 ** 3), 'de')).toBe('1.024 MB');
  });
});
