import { dateFormatter } from './intl-locale';

const parse = (iso: string) => new Date(iso);

/** Locale-aware date and time for tables ("21 Nov 2026, 07:49"; numeric where the browser lacks the language). */
export function formatDateTime(iso: string | null, language: string): string {
  if (!iso) return '';
  const date = parse(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormatter(language, 'date-time')(date);
}

/** Date and time in digits, for little room ("27/11/2026, 19:21"). */
export function formatShortDateTime(iso: string, language: string): string {
  const date = parse(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormatter(language, 'date-time-short')(date);
}

/** A date in digits, for little room ("27/11/2026"). */
export function formatShortDate(iso: string, language: string): string {
  const date = parse(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormatter(language, 'date-short')(date);
}

export function formatDate(iso: string | null, language: string): string {
  if (!iso) return '';
  const date = parse(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormatter(language, 'date')(date);
}
