/**
 * Writes sdks/webhook-vectors.json: deliveries that every SDK's `verifyWebhook` must accept or refuse
 * with the given error kind. Signed here with node:crypto, apart from the SDKs' own code, so that a
 * mistake shared by an SDK and the vectors is unlikely. Run: `npx tsx sdks/typescript/scripts/webhook-vectors.ts`
 * (sdks/typescript/test/webhooks.test.ts checks that the file is what this script writes).
 */
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const VECTORS_FILE = fileURLToPath(new URL('../../webhook-vectors.json', import.meta.url));

type Kind = 'malformed_header' | 'timestamp_outside_tolerance' | 'signature_mismatch';

interface Vector {
  name: string;
  secret: string;
  /** The raw body as received (UTF-8). */
  body: string;
  header: string;
  now: number;
  /** Absent: the default tolerance of 300 seconds. */
  tolerance?: number;
  /** The id of the event returned when the delivery is accepted. */
  eventId?: string;
  /** The kind of the error when it is refused. */
  error?: Kind;
}

const secretOf = (seed: number): string =>
  `whsec_${Buffer.from(Array.from({ length: 32 }, (_, i) => (seed * 31 + i * 7) % 256)).toString('base64url')}`;

const SECRET = secretOf(1);
const OLD_SECRET = secretOf(2);
const NOW = 1_764_288_000;
const EVENT_ID = 'evt_8f14e45fceea167a5a36dedd4bea2543';

const bodyOf = (data: Record<string, unknown>): string =>
  JSON.stringify({ id: EVENT_ID, type: 'upload.created', createdAt: '2025-11-28T00:00:00.000Z', data });

const BODY = bodyOf({ id: '7b2e9c1a-4d3f-4e5a-9b8c-1d2e3f4a5b6c', name: 'report.pdf', size: 1024 });
const UNICODE_BODY = bodyOf({ id: '7b2e9c1a-4d3f-4e5a-9b8c-1d2e3f4a5b6c', name: 'café ☃ 日本語 🚀.txt', size: 7 });

const sign = (secret: string, t: number | string, body: string): string =>
  createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.from(`${t}.${body}`, 'utf8'))
    .digest('hex');

const v1 = sign(SECRET, NOW, BODY);

function valid(name: string, header: string, extra: Partial<Vector> = {}): Vector {
  return { name, secret: SECRET, body: BODY, header, now: NOW, ...extra, eventId: EVENT_ID };
}

function invalid(name: string, error: Kind, header: string, extra: Partial<Vector> = {}): Vector {
  return { name, secret: SECRET, body: BODY, header, now: NOW, ...extra, error };
}

export function webhookVectors(): object {
  const vectors: Vector[] = [
    valid('one v1', `t=${NOW},v1=${v1}`),
    valid('two v1 (a secret being rotated), the second matches', `t=${NOW},v1=${sign(OLD_SECRET, NOW, BODY)},v1=${v1}`),
    valid('two v1, the first matches', `t=${NOW},v1=${v1},v1=${sign(OLD_SECRET, NOW, BODY)}`),
    valid('unknown schemes v0 and v2 are ignored', `v0=${'0'.repeat(64)},t=${NOW},v1=${v1},v2=abc`),
    valid('whitespace around the pairs is ignored', ` t=${NOW} ,\tv1=${v1}  `),
    valid('a body with non-ASCII UTF-8', `t=${NOW},v1=${sign(SECRET, NOW, UNICODE_BODY)}`, { body: UNICODE_BODY }),
    valid('t 300 seconds in the past (the default tolerance, inclusive)', `t=${NOW - 300},v1=${sign(SECRET, NOW - 300, BODY)}`),
    valid('t 300 seconds in the future', `t=${NOW + 300},v1=${sign(SECRET, NOW + 300, BODY)}`),
    valid('tolerance 0 disables the timestamp check', `t=${NOW - 86_400 * 365},v1=${sign(SECRET, NOW - 86_400 * 365, BODY)}`, {
      tolerance: 0,
    }),
    valid('a larger tolerance', `t=${NOW - 500},v1=${sign(SECRET, NOW - 500, BODY)}`, { tolerance: 600 }),
    valid('t with leading zeros is the same number, signed as sent', `t=0${NOW},v1=${sign(SECRET, `0${NOW}`, BODY)}`),

    invalid('empty header', 'malformed_header', ''),
    invalid('only whitespace', 'malformed_header', '   '),
    invalid('no t', 'malformed_header', `v1=${v1}`),
    invalid('two t', 'malformed_header', `t=${NOW},t=${NOW},v1=${v1}`),
    invalid('t not digits', 'malformed_header', `t=${NOW}a,v1=${sign(SECRET, `${NOW}a`, BODY)}`),
    invalid('t negative', 'malformed_header', `t=-${NOW},v1=${v1}`),
    invalid('t empty', 'malformed_header', `t=,v1=${v1}`),
    invalid('t with a fraction', 'malformed_header', `t=${NOW}.5,v1=${v1}`),
    invalid('t of more than 15 digits', 'malformed_header', `t=1${'0'.repeat(15)},v1=${v1}`),
    invalid('no v1', 'malformed_header', `t=${NOW}`),
    invalid('only unknown schemes', 'malformed_header', `t=${NOW},v0=${v1}`),
    invalid('a pair without =', 'malformed_header', `t=${NOW},v1`),
    invalid('keys are case-sensitive (T is not t)', 'malformed_header', `T=${NOW},v1=${v1}`),
    invalid('a no-break space is not whitespace', 'malformed_header', `t=\u00a0${NOW},v1=${v1}`),
    invalid('a line break is not whitespace', 'malformed_header', `t=${NOW}\n,v1=${v1}`),
    invalid('semicolons are not separators', 'malformed_header', `t=${NOW};v1=${v1}`),

    invalid('t 301 seconds too old', 'timestamp_outside_tolerance', `t=${NOW - 301},v1=${sign(SECRET, NOW - 301, BODY)}`),
    invalid('t 301 seconds in the future', 'timestamp_outside_tolerance', `t=${NOW + 301},v1=${sign(SECRET, NOW + 301, BODY)}`),
    invalid('outside a smaller tolerance', 'timestamp_outside_tolerance', `t=${NOW - 11},v1=${sign(SECRET, NOW - 11, BODY)}`, {
      tolerance: 10,
    }),
    invalid('the timestamp is checked before the signature', 'timestamp_outside_tolerance', `t=${NOW - 3600},v1=${'0'.repeat(64)}`),

    invalid('wrong secret', 'signature_mismatch', `t=${NOW},v1=${sign(OLD_SECRET, NOW, BODY)}`),
    invalid('the secret without its whsec_ prefix is not the key', 'signature_mismatch', `t=${NOW},v1=${sign(SECRET.slice(6), NOW, BODY)}`),
    invalid('body changed by one byte', 'signature_mismatch', `t=${NOW},v1=${v1}`, { body: BODY.replace('1024', '1025') }),
    invalid('signed with another t', 'signature_mismatch', `t=${NOW},v1=${sign(SECRET, NOW - 1, BODY)}`),
    invalid('upper-case hex (only the exact lower-case hex matches)', 'signature_mismatch', `t=${NOW},v1=${v1.toUpperCase()}`),
    invalid('v1 one character short', 'signature_mismatch', `t=${NOW},v1=${v1.slice(0, 63)}`),
    invalid('v1 one character long', 'signature_mismatch', `t=${NOW},v1=${v1}0`),
    invalid('v1 empty', 'signature_mismatch', `t=${NOW},v1=`),
    invalid('the signature only under an unknown scheme', 'signature_mismatch', `t=${NOW},v0=${v1},v1=${'0'.repeat(64)}`),
  ];
  return {
    description:
      'Webhook deliveries that every SDK verifies the same way (see each SDK README, "Verifying webhooks"): each is accepted (eventId: the id of the returned event) or refused with the error kind in error. now is the current time to verify at (unix seconds); tolerance, when present, the tolerance in seconds (default 300). body is the raw body, UTF-8. Whitespace around the pairs is spaces and tabs only. Generated by sdks/typescript/scripts/webhook-vectors.ts.',
    vectors,
  };
}

export const vectorsText = (): string => `${JSON.stringify(webhookVectors(), null, 2)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(VECTORS_FILE, vectorsText());
