import type { LanguageCode } from '@cairn/shared';
import { numberLocale } from './intl-locale';
import { supportedLanguage } from './language';

/**
 * Sizes count in powers of 1024 everywhere in Cairn (quota, plans, limits, the API's `*Mb`
 * figures, the CLI), so they carry the binary prefixes' own symbols: "1 GiB" is 1024 MiB, and a
 * 1 GiB plan reads as 1 GiB, not "1.07 GB". Intl has no binary units, so their symbols are here,
 * as each language writes them (French counts octets: "Mio"; Russian and Ukrainian spell them in
 * Cyrillic), with the language's own "per second".
 */
const BINARY_UNITS: Record<LanguageCode, { units: readonly string[]; perSecond: string }> = {
  en: { units: ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'], perSecond: '/s' },
  es: { units: ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'], perSecond: '/s' },
  ca: { units: ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'], perSecond: '/s' },
  eu: { units: ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'], perSecond: '/s' },
  fr: { units: ['Kio', 'Mio', 'Gio', 'Tio', 'Pio'], perSecond: '/s' },
  de: { units: ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'], perSecond: '/s' },
  it: { units: ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'], perSecond: '/s' },
  pt: { units: ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'], perSecond: '/s' },
  ru: { units: ['КиБ', 'МиБ', 'ГиБ', 'ТиБ', 'ПиБ'], perSecond: '/с' },
  uk: { units: ['КіБ', 'МіБ', 'ГіБ', 'ТіБ', 'ПіБ'], perSecond: '/с' },
};

/** A number and its unit stay on one line. */
const NBSP = '\u00a0';

const symbolsOf = (language: string) => BINARY_UNITS[supportedLanguage(language) ?? 'en'];

/** `value` of the binary unit at `power` (1 = KiB … 5 = PiB), in the reader's language. */
function formatBinary(value: number, power: number, language: string, fractionDigits: number): string {
  const number = new Intl.NumberFormat(numberLocale(language), { maximumFractionDigits: fractionDigits }).format(value);
  return `${number}${NBSP}${symbolsOf(language).units[power - 1]}`;
}

/**
 * Sizes in the reader's language ("1 GiB", "1 Gio", "1 ГиБ"; "73 bytes", "73 octets"), stepping
 * by 1024: whole plan sizes stay whole numbers.
 */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let power = 0;
  // Math.round: 1023.7 MiB would print as "1,024 MiB"; it is 1 GiB.
  while (Math.round(value) >= 1024 && power < 5) {
    value /= 1024;
    power += 1;
  }
  if (power === 0) {
    // Short "byte" is not pluralised ("73 byte"); the long form is ("73 bytes", "73 octets").
    return new Intl.NumberFormat(numberLocale(language), { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(Math.round(value));
  }
  return formatBinary(value, power, language, value >= 100 ? 0 : value >= 10 ? 1 : 2);
}

/** A transfer rate in the same units ("12.3 MiB/s"). */
export function formatRate(bytesPerSecond: number, language: string): string {
  return `${formatBytes(bytesPerSecond, language)}${symbolsOf(language).perSecond}`;
}

/** The API's `*Mb` figures (referral bonuses): MiB of 1024 × 1024 bytes, the MiB of `formatBytes`. */
export function formatMegabytes(megabytes: number, language: string): string {
  return formatBinary(megabytes, 2, language, 2);
}

/** Prices and income: always euros (spec section 9). */
export function formatEur(amount: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language), { style: 'currency', currency: 'EUR' }).format(amount);
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language)).format(value);
}
