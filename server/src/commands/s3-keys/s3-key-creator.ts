import { S3_KEYS_MAX, type S3KeyCreateInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { S3KeyRow, UserRow } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';
import { newAccessKeyId, newSecretAccessKey, s3KeySecrets } from './s3-key-secrets';

/**
 * Creates an S3 access key. The secret is returned here once; only its sealed form is kept (the
 * server needs it back to check Signature V4, so a hash would not do). At most `S3_KEYS_MAX` per
 * account (`409 s3_key_limit_reached`), counted under the account's lock.
 */
export async function s3KeyCreator(
  app: AppContext,
  user: UserRow,
  input: S3KeyCreateInput,
  ip: string,
): Promise<{ key: S3KeyRow; secret: string }> {
  const secret = newSecretAccessKey();
  const key: S3KeyRow = {
    id: newId(),
    user_id: user.id,
    access_key_id: newAccessKeyId(),
    secret_ciphertext: await s3KeySecrets.seal(app, secret),
    name: input.name,
    read_only: input.readOnly ? 1 : 0,
    created_at: nowIso(),
    last_used_at: null,
  };
  if (!(await app.stores.s3Keys.insertWithin(key, S3_KEYS_MAX))) {
    throw conflict('s3_key_limit_reached', `An account may have at most ${S3_KEYS_MAX} S3 access keys`);
  }
  await auditRecorder(app, {
    action: 'create_s3_key',
    user,
    ip,
    details: { keyId: key.id, name: key.name, accessKeyId: key.access_key_id, readOnly: input.readOnly },
  });
  return { key, secret };
}
