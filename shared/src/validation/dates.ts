const BIRTH_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Parses DD/MM/YYYY into a UTC date, or null when it is not a real calendar date. */
export function parseBirthDate(value: string): Date | null {
  const match = BIRTH_DATE.exec(value);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date : null;
}

/** True for a real DD/MM/YYYY date that lies in the past and not before 1900. */
export function isValidBirthDate(value: string, now: Date = new Date()): boolean {
  const date = parseBirthDate(value);
  return date !== null && date.getTime() < now.getTime() && date.getUTCFullYear() >= 1900;
}
