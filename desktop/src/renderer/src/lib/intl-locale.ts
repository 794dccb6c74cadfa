/** True when this browser's Intl has the language's own rules for numbers and dates. */
export function hasIntlData(language: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([language]).length > 0 && Intl.DateTimeFormat.supportedLocalesOf([language]).length > 0;
  } catch {
    return false;
  }
}

/**
 * Where a browser lacks a language (Chromium ships without Basque), numbers borrow the nearest
 * language's separators: a decimal comma, not the English point.
 */
const NEAREST: Record<string, string> = { eu: 'es', ca: 'es', uk: 'ru', ru: 'uk', pt: 'es', it: 'es' };

/** The locale to format numbers in: the language itself, else its nearest, else English. */
export function numberLocale(language: string, has = hasIntlData): string {
  if (has(language)) return language;
  const nearest = NEAREST[language];
  return nearest && has(nearest) ? nearest : 'en';
}

export type DateShape = 'date-time' | 'date-time-short' | 'date' | 'date-short' | 'date-long' | 'day-month';

const SHAPES: Record<DateShape, Intl.DateTimeFormatOptions> = {
  'date-time': { dateStyle: 'medium', timeStyle: 'short' },
  'date-time-short': { dateStyle: 'short', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  'date-short': { dateStyle: 'short' },
  'date-long': { dateStyle: 'long' },
  'day-month': { day: 'numeric', month: 'short' },
};

/** Year first and numeric (2026-11-21 07:49): no month name in a language the browser cannot spell. */
function numericDate(shape: DateShape, timeZone: string | undefined): (date: Date) => string {
  const parts = new Intl.DateTimeFormat('en', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  return (date) => {
    const part = Object.fromEntries(parts.formatToParts(date).map(({ type, value }) => [type, value]));
    const day = `${part.year}-${part.month}-${part.day}`;
    if (shape === 'date-time' || shape === 'date-time-short') return `${day} ${part.hour}:${part.minute}`;
    return shape === 'day-month' ? `${part.month}-${part.day}` : day;
  };
}

/** A date formatter in the language's own words when the browser has them, else numeric. */
export function dateFormatter(language: string, shape: DateShape, timeZone?: string, has = hasIntlData): (date: Date) => string {
  if (!has(language)) return numericDate(shape, timeZone);
  const format = new Intl.DateTimeFormat(language, { ...SHAPES[shape], timeZone });
  return (date) => format.format(date);
}
