import type { AppContext } from '../../../context';
import type { SignedUploadRow, UserRow } from '../../../db/schema';
import { accountDisabled, AppError, conflict, notFound } from '../../../lib/errors';
import { sha256Hex } from '../../../lib/ids';
import { nowIso } from '../../../lib/time';

const unknownUrl = () => notFound('signed_url_not_found', 'This upload URL does not exist');
const usedUrl = () => conflict('signed_url_used', 'This upload URL has already been used');
const expiredUrl = () => new AppError(410, 'signed_url_expired', 'This upload URL has expired');

export interface ClaimedUpload {
  signed: SignedUploadRow;
  user: UserRow;
  /** Gives the URL's use back, after an upload that failed before recording anything. */
  release(): Promise<void>;
  /** Links the URL to the record its upload made. */
  recorded(uploadId: string): Promise<void>;
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
  return {
    signed,
    user,
    release: () => app.stores.signedUploads.unclaim(signed.id),
    recorded: (uploadId) => app.stores.signedUploads.markUploaded(signed.id, uploadId),
  };
}
