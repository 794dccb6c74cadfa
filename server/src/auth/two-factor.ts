import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { secretBox } from './secret-box';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
const PERIOD = 30;
const ISSUER = 'Cairn';
export const RECOVERY_CODE_COUNT = 10;

const totpFor = (secret: Secret, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret });

/** A fresh secret (160 bits, RFC 4226's recommendation) in base32, the form apps take by hand. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export async function enrolmentOf(secretBase32: string, email: string) {
  const uri = totpFor(Secret.fromBase32(secretBase32), email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: secretBase32, otpauthUri: uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The RFC 6238 time step `code` is valid for (the current one or one either side, for clocks a
 * little off), or null. The caller refuses a step at or before the last one accepted (replay).
 */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(Secret.fromBase32(secretBase32), ISSUER).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

export const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));
export const normalizeTotp = (code: string) => code.replace(/\s/g, '');

/** Ten characters of base32 without look-alikes, shown as `xxxxx-xxxxx`: 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * Recovery codes are random (50 bits), not chosen by people: a plain SHA-256 cannot be walked back
 * by guessing, so no slow password hash is needed to look one up.
 */
export const hashRecoveryCode = (code: string) =>
  crypto.createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');

/** Challenge secrets are random too; only their hash is stored, so a database read hands out none. */
export const newChallengeSecret = () => crypto.randomBytes(32).toString('base64url');
export const hashChallenge = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');

/** TOTP secrets, sealed under the server's `two_factor_key`, kept apart from their rows. */
const box = secretBox('two_factor_key', 'two-factor-key');
export const sealSecret = box.seal;
export const openSecret = box.open;
