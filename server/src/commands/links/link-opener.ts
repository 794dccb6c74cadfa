import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { verifyLinkToken } from './link-key';

export interface OpenedLink {
  downloadName: string | null;
  /** The record the link opens, which its downloads are charged to. */
  uploadId: string;
  userId: string;
}

// Kept by no cache: a browser may otherwise keep a refusal (410 is cacheable by default) for a link it opens again.
const NO_STORE = { 'Cache-Control': 'no-store' };
const invalid = () => new AppError(403, 'access_link_invalid', 'This access link is not valid for this content', undefined, NO_STORE);
const expired = () => new AppError(410, 'access_link_expired', 'This access link has expired or was already used', undefined, NO_STORE);

/**
 * Checks an access link for a gateway request under `/ipfs/<cid>`: its signature over that CID
 * (the path prefix) and its expiry first, with no database read for a forged token; then that it
 * was not revoked, its record still holds the CID, and, single use, spends it (of concurrent
 * requests exactly one is served).
 */
export async function linkOpener(app: AppContext, token: string, rootCid: string): Promise<OpenedLink> {
  const claims = await verifyLinkToken(app, token, rootCid);
  if (!claims || !isUuid(claims.id)) throw invalid();
  const now = app.clock.now();
  if (claims.expiresAtMs <= now) throw expired();
  const link = await app.stores.accessLinks.find(claims.id);
  if (!link || link.revoked_at !== null || link.upload_cid !== rootCid || Number(link.expires_at_ms) !== claims.expiresAtMs) {
    throw invalid();
  }
  if (Number(link.single_use) === 1) {
    if (link.used_at !== null || !(await app.stores.accessLinks.spend(link.id, new Date(now).toISOString()))) throw expired();
  }
  return { downloadName: link.download_name, uploadId: link.upload_id, userId: link.user_id };
}
