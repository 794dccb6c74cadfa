import crypto from 'node:crypto';
import type { AppContext } from '../context';
import { loadServerSecret } from './jwt-secret';

export interface SecretBox {
  /** AES-256-GCM under the box's key: `iv.tag.ciphertext`, each base64url. */
  seal(app: AppContext, secret: string): Promise<string>;
  open(app: AppContext, ciphertext: string): Promise<string>;
}

/**
 * Seals secrets the server must read back (a TOTP secret, a webhook signing secret) under a key
 * kept apart from their rows: the server secret `name` (a file `file` in the data directory on
 * SQLite, a row of `server_secrets` on PostgreSQL), so a copy of the table alone opens nothing.
 */
export function secretBox(name: string, file: string): SecretBox {
  const keys = new WeakMap<AppContext, Promise<Buffer>>();
  const keyOf = (app: AppContext): Promise<Buffer> => {
    let key = keys.get(app);
    if (!key) {
      key = loadServerSecret(name, file, app.config.dataDir, app.db, app.config.db.driver).then((secret) =>
        crypto.createHash('sha256').update(secret).digest(),
      );
      keys.set(app, key);
    }
    return key;
  };
  return {
    async seal(app, secret) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', await keyOf(app), iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
    },
    async open(app, ciphertext) {
      const [iv, tag, sealed] = ciphertext.split('.').map((part) => Buffer.from(part, 'base64url'));
      const decipher = crypto.createDecipheriv('aes-256-gcm', await keyOf(app), iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
    },
  };
}
