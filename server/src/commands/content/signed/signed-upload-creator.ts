import crypto from 'node:crypto';
import type { SignedUploadInput } from '@cairn/shared';
import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import { newId, sha256Hex } from '../../../lib/ids';

export const SIGNED_UPLOAD_PATH = '/api/v2/uploads/signed';

/**
 * Creates an upload URL for one upload of at most `maxBytes` within `expiresIn` seconds, charged
 * to `user`. The URL carries a random secret; only its hash is stored, so it is shown this once.
 */
/** `groupId`: the group of the token that makes it, where whatever is uploaded through it goes. */
export async function signedUploadCreator(app: AppContext, user: UserRow, input: SignedUploadInput, groupId: string | null = null) {
  const secret = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  const row = {
    id: newId(),
    user_id: user.id,
    secret_hash: sha256Hex(secret),
    max_bytes: input.maxBytes,
    name: input.name ?? null,
    expires_at: new Date(now.getTime() + input.expiresIn * 1000).toISOString(),
    created_at: now.toISOString(),
    group_id: groupId,
  };
  await app.stores.signedUploads.create(row);
  return {
    id: row.id,
    url: `${app.selfUrl}${SIGNED_UPLOAD_PATH}/${secret}`,
    maxBytes: input.maxBytes,
    name: row.name,
    expiresAt: row.expires_at,
  };
}
