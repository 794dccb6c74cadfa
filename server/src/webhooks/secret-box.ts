import crypto from 'node:crypto';
import { loadServerSecret } from '../auth/jwt-secret';
import type { AppContext } from '../context';

const keys = new WeakMap<AppContext, Promise<Buffer>>();

/**
 * The key webhook signing secrets are sealed with, kept apart from their rows (a file on SQLite, a
 * row of `server_secrets` on PostgreSQL): a copy of the endpoints table alone signs nothing.
 */
function keyOf(app: AppContext): Promise<Buffer> {
  let key = keys.get(app);
  if (!key) {
    key = loadServerSecret('webhook_key', 'webhook-key', app.config.dataDir, app.db, app.config.db.driver).then((secret) =>
      crypto.createHash('sha256').update(secret).digest(),
    );
    keys.set(app, key);
  }
  return key;
}

export async function sealWebhookSecret(app: AppContext, secret: string): Promise<string> {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', await keyOf(app), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export async function openWebhookSecret(app: AppContext, ciphertext: string): Promise<string> {
  const [iv, tag, sealed] = ciphertext.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = crypto.createDecipheriv('aes-256-gcm', await keyOf(app), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}
