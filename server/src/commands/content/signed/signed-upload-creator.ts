import crypto from 'node:crypto';
import type { SignedUploadInput } from '@cairn/shared';
import type { AppContext } from '../../../context';
import type { SignedUploadRow, UserRow } from '../../../db/schema';
import { accountDisabled, AppError, conflict, notFound } from '../../../lib/errors';
import { newId, sha256Hex } from '../../../lib/ids';
import { nowIso } from '../../../lib/time';

export const SIGNED_UPLOAD_PATH = '/api/v2/uploads/signed';

const unknownUrl = () => notFound('signed_url_not_found', 'This upload URL does not exist');
const usedUrl = () => conflict('signed_url_used', 'This upload URL has already been used');
const expiredUrl = () => new AppError(410, 'signed_url_expired', 'This upload URL has expired');

/**
 * Creates an upload URL for one upload of at most `maxBytes` within `expiresIn` seconds, charged
 * to `user`. The URL carries a random secret; only its hash is stored, so it is shown this once.
 */
export async function signedUploadCreator(app: AppContext, user: UserRow, input: SignedUploadInput) {
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

export interface ClaimedUpload {
  signed: SignedUploadRow;
  user: UserRow;
  /** Gives the URL's use back, after an upload that failed before recording anything. */
  release(): Promise<void>;
}

/**
 * Takes a signed URL's one use: 404 for an unknown secret, 409 once used, 410 once expired. Two
 * requests racing for it cannot both win.
 */
export async function signedUploadClaimer(app: AppContext, secret: string): Promise<ClaimedUpload> {
  const signed = await app.stores.signedUploads.findBySecretHash(sha256Hex(secret));
  if (!signed) throw unknownUrl();
  const user = await app.stores.users.findById(signed.user_id);
  if (!user) throw unknownUrl();
  // Said first: disabling the account also ended the URL, which would otherwise read as expired.
  if (user.status !== 'active') throw accountDisabled();
  const now = nowIso();
  if (signed.used_at) throw usedUrl();
  if (signed.expires_at <= now) throw expiredUrl();
  if (!(await app.stores.signedUploads.claim(signed.id, now))) throw usedUrl();
  return { signed, user, release: () => app.stores.signedUploads.unclaim(signed.id) };
}
