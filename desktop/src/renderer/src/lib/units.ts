import { numberLocale } from './intl-locale';

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/**
 * Sizes in the reader's language ("1 GB", "1 Go", "1 ГБ"), stepping by 1024 as storage plans are
 * sized (1 GiB, 100 GiB, 1 TiB): whole plan sizes stay whole numbers.
 */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // Math.round: 1023.7 MB would print as "1,024 MB"; it is 1 GB.
  while (Math.round(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(numberLocale(language), {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    // Short "byte" is not pluralised ("73 byte"); the long form is ("73 bytes", "73 octets").
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2,
  }).format(value);
}

/** Referral amounts, which the API gives in MB of 1024 × 1024 bytes: the same MB as `formatBytes`. */
export function formatMegabytes(megabytes: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language), {
    style: 'unit',
    unit: 'megabyte',
    unitDisplay: 'short',
    maximumFractionDigits: 2,
  }).format(megabytes);
}

/** Prices and income: always euros (spec section 9). */
export function formatEur(amount: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language), { style: 'currency', currency: 'EUR' }).format(amount);
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language)).format(value);
}
