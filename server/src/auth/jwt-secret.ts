import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The signing key: JWT_SECRET when given, else `jwt-secret` in the data directory, created on the
 * first start with mode 0600 so that sessions survive restarts without any configuration.
 */
export function loadJwtKey(configured: string | null, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
