import crypto from 'node:crypto';

/** A new signing secret, shown once: `whsec_` and 32 random bytes in base64url (43 characters). */
export const newWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString('base64url')}`;

/**
 * The `Cairn-Signature` header of one attempt (the format every SDK verifies): `t=<unix seconds>`
 * then one `v1=` per secret, each the lower-case hex HMAC-SHA256 of `<t>.<body>` keyed with the
 * whole secret string. Several secrets while one is being rotated; a receiver takes any match.
 */
export function webhookSignatureHeader(body: string | Buffer, secrets: readonly string[], unixSeconds: number): string {
  if (secrets.length === 0) throw new Error('a webhook is signed with at least one secret');
  const t = String(Math.floor(unixSeconds));
  const message = Buffer.concat([Buffer.from(`${t}.`, 'utf8'), typeof body === 'string' ? Buffer.from(body, 'utf8') : body]);
  const signatures = secrets.map(
    (secret) => `v1=${crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(message).digest('hex')}`,
  );
  return [`t=${t}`, ...signatures].join(',');
}
