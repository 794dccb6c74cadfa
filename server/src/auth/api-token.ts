import crypto from 'node:crypto';
import { sha256Hex } from '../lib/ids';

/** API tokens look like `cairn_<43 base64url chars>`; the prefix tells them apart from JWTs. */
const API_TOKEN_PREFIX = 'cairn_';

export function newApiTokenSecret(): { secret: string; hash: string; prefix: string } {
  const secret = `${API_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashApiToken(secret), prefix: secret.slice(0, API_TOKEN_PREFIX.length + 6) };
}

/** 256 random bits need no slow hash: SHA-256 is enough and keeps lookups indexable. */
export const hashApiToken = (secret: string): string => sha256Hex(secret);

export const looksLikeApiToken = (value: string): boolean => value.startsWith(API_TOKEN_PREFIX);
