import { LANGUAGES } from '@cairn/shared';
import { describe, expect, it } from 'vitest';
import { dateFormatter, numberLocale } from './intl-locale';
import { formatBytes } from './units';

const withoutBasque = (language: string) => language !== 'eu';
const instant = new Date('2026-03-04T07:09:00Z');

describe('formatting with a fallback', () => {
  it('keeps a language the browser has', () => {
    for (const { code } of LANGUAGES) expect(numberLocale(code)).toBe(code);
  });

  it('formats numbers with the nearest language when the browser lacks one (a decimal comma for Basque)', () => {
    expect(numberLocale('eu', withoutBasque)).toBe('es');
    expect(numberLocale('eu', () => false)).toBe('en');
    expect(new Intl.NumberFormat(numberLocale('eu', withoutBasque), { maximumFractionDigits: 2 }).format(2.86)).toBe('2,86');
  });

  it('writes dates year first and numeric when the browser lacks the language, never in English words', () => {
    expect(dateFormatter('eu', 'date-time', 'UTC', withoutBasque)(instant)).toBe('2026-03-04 07:09');
    expect(dateFormatter('eu', 'date', 'UTC', withoutBasque)(instant)).toBe('2026-03-04');
    expect(dateFormatter('eu', 'day-month', 'UTC', withoutBasque)(instant)).toBe('03-04');
  });

  it("uses the language's own words where the browser has them", () => {
    expect(dateFormatter('de', 'date', 'UTC')(instant)).toBe('04.03.2026');
    expect(dateFormatter('uk', 'date', 'UTC')(instant)).toMatch(/бер/);
    expect(formatBytes(3 * 1024 ** 2, 'uk')).toBe('3\u00a0МіБ');
  });
});
