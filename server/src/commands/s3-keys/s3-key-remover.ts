import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { auditRecorder } from '../audit/audit-recorder';

/**
 * Deletes one of the user's own S3 keys; another user's key is simply not found. The S3 API reads
 * the key on every request, so the next request signed with it is refused.
 */
export async function s3KeyRemover(app: AppContext, user: UserRow, keyId: string, ip: string): Promise<void> {
  // An account holds a few dozen keys at most: the list names the key for the audit log.
  const key = isUuid(keyId) ? (await app.stores.s3Keys.listForUser(user.id)).find((row) => row.id === keyId) : undefined;
  // Of two concurrent deletions, one deletes; the other finds nothing.
  if (!key || !(await app.stores.s3Keys.deleteForUser(user.id, key.id))) throw notFound('s3_key_not_found', 'S3 key not found');
  await auditRecorder(app, {
    action: 'delete_s3_key',
    user,
    ip,
    details: { keyId: key.id, name: key.name, accessKeyId: key.access_key_id },
  });
}
