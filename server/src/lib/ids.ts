import crypto from 'node:crypto';

export const newId = (): string => crypto.randomUUID();

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short code without look-alike characters (no 0/O, 1/I). */
export function randomCode(length: number): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

export const sha256Hex = (value: string): string => crypto.createHash('sha256').update(value).digest('hex');

/** Ids here are UUIDs: anything else cannot name a row, so it is simply not found. */
export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
