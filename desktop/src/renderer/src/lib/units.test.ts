import { bytesToMb, REFERRAL_SIGNUP_BONUS_BYTES, REFERRER_BONUS_BYTES } from '@cairn/shared';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatMegabytes, formatRate } from './units';

/** Number and unit are joined by a no-break space. */
const nb = (text: string) => text.replace(/ /g, '\u00a0');

describe('formatBytes', () => {
  it('steps by 1024 and says so with the binary units', () => {
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(73, 'en')).toBe('73 bytes');
    expect(formatBytes(1536, 'en')).toBe(nb('1.5 KiB'));
    expect(formatBytes(1024 ** 3, 'en')).toBe(nb('1 GiB'));
    expect(formatBytes(1024 ** 4, 'en')).toBe(nb('1 TiB'));
  });

  it('gives 68,805 bytes as the 67.2 KiB they are, never with a decimal label', () => {
    expect(formatBytes(68_805, 'en')).toBe(nb('67.2 KiB'));
    expect(formatBytes(68_805, 'en')).not.toMatch(/kB/);
  });

  it('never shows 1,024 of a unit: just under a gibibyte is 1 GiB', () => {
    expect(formatBytes(1024 ** 3 - 144, 'en')).toBe(nb('1 GiB'));
    expect(formatBytes(1023 * 1024 ** 2, 'en')).toBe(nb('1,023 MiB'));
  });

  it('writes the units as each language does, with its own decimal sign', () => {
    expect(formatBytes(1536 * 1024, 'de')).toBe(nb('1,5 MiB'));
    expect(formatBytes(1536 * 1024, 'fr')).toBe(nb('1,5 Mio'));
    expect(formatBytes(3 * 1024 ** 2, 'ru')).toBe(nb('3 МиБ'));
    expect(formatBytes(3 * 1024 ** 2, 'uk')).toBe(nb('3 МіБ'));
    expect(formatBytes(73, 'fr')).toBe(nb('73 octets'));
  });
});

describe('formatRate', () => {
  it('reads as the same units per second', () => {
    expect(formatRate(12_345_678, 'en')).toBe(nb('11.8 MiB/s'));
    expect(formatRate(2.5 * 1024 ** 2, 'de')).toBe(nb('2,5 MiB/s'));
    expect(formatRate(2.5 * 1024 ** 2, 'uk')).toBe(nb('2,5 МіБ/с'));
  });
});

describe('one MiB everywhere', () => {
  it('reads the referral bonus as 10 MiB whether it comes as bytes (Usage) or as MiB (Referrals)', () => {
    for (const bonus of [REFERRAL_SIGNUP_BONUS_BYTES, REFERRER_BONUS_BYTES]) {
      expect(bonus).toBe(10_485_760);
      expect(formatBytes(bonus, 'en')).toBe(nb('10 MiB'));
      expect(formatMegabytes(bytesToMb(bonus), 'en')).toBe(nb('10 MiB'));
    }
  });

  it('turns bytes into MiB of 1024 × 1024 bytes, to two decimals', () => {
    expect(bytesToMb(1024 ** 2)).toBe(1);
    expect(bytesToMb(5 * 1024 ** 3 + 10 * 1024 ** 2)).toBe(5130);
    expect(bytesToMb(1_000_000)).toBe(0.95);
    expect(formatMegabytes(bytesToMb(1024 ** 3), 'de')).toBe(nb('1.024 MiB'));
  });
});
