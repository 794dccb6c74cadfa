import crypto from 'node:crypto';
import { secretBox } from '../../auth/secret-box';

/** S3 secrets are sealed under a key of their own (the server signs nothing with it, it checks Signature V4). */
export const s3KeySecrets = secretBox('s3_key', 's3-key');

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** `n` characters of `alphabet`, each drawn without bias. */
function drawn(alphabet: string, n: number): string {
  let out = '';
  while (out.length < n) {
    for (const byte of crypto.randomBytes(n * 2)) {
      // Bytes past the largest multiple of the alphabet's length would favour its first letters.
      if (byte < 256 - (256 % alphabet.length) && out.length < n) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** An access key id as AWS's look: 20 upper-case letters and digits, `CRN` first. */
export const newAccessKeyId = (): string => `CRN${drawn(ID_ALPHABET, 17)}`;

/** A secret as AWS's look: 40 characters (238 bits). */
export const newSecretAccessKey = (): string => drawn(SECRET_ALPHABET, 40);

export const ACCESS_KEY_ID_PATTERN = /^CRN[A-Z0-9]{17}$/;
