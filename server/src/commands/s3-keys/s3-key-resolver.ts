import type { AppContext } from '../../context';
import type { S3KeyRow } from '../../db/schema';
import { ACCESS_KEY_ID_PATTERN, s3KeySecrets } from './s3-key-secrets';

export interface ResolvedS3Key {
  key: S3KeyRow;
  secret: string;
}

/** Opened secrets by their ciphertext: a busy client does not pay a decryption per request. */
const opened = new WeakMap<AppContext, Map<string, string>>();
const OPENED_MAX = 10_000;

/**
 * The key a request names and its secret, or null for an id that is no key (ill-formed, unknown,
 * deleted). The row is read on every request, so a deleted key stops working at once; only the
 * decryption is remembered.
 */
export async function resolveS3Key(app: AppContext, accessKeyId: string): Promise<ResolvedS3Key | null> {
  if (!ACCESS_KEY_ID_PATTERN.test(accessKeyId)) return null;
  const key = await app.stores.s3Keys.findByAccessKeyId(accessKeyId);
  if (!key) return null;
  let cache = opened.get(app);
  if (!cache) opened.set(app, (cache = new Map()));
  let secret = cache.get(key.secret_ciphertext);
  if (secret === undefined) {
    secret = await s3KeySecrets.open(app, key.secret_ciphertext);
    if (cache.size >= OPENED_MAX) cache.clear();
    cache.set(key.secret_ciphertext, secret);
  }
  void app.stores.s3Keys.touch(key, new Date()).catch((error: unknown) => app.logger.warn('s3 key touch failed', { error: String(error) }));
  return { key, secret };
}
