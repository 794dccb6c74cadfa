import type { AppContext } from '../../context';
import type { AccessLinkRow, UploadRow, UserRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { auditRecorder } from '../audit/audit-recorder';
import { linkToken } from './link-key';

/** Live links one record may have at once: each costs a row, and a hostile account would make millions. */
export const MAX_LIVE_LINKS = 100;

export interface LinkInput {
  /** Seconds from now, 1 to 30 days. */
  expiresIn: number;
  downloadName?: string | null;
  singleUse?: boolean;
}

/** Where links point: the gateway's own origin when set, else the public URL, else the request's. */
export const linkBase = (app: AppContext, requestOrigin: string): string =>
  app.config.gatewayOrigin ?? app.config.publicUrl ?? requestOrigin;

export async function presentAccessLink(app: AppContext, link: AccessLinkRow, base: string) {
  const expiresAtMs = Number(link.expires_at_ms);
  const token = await linkToken(app, link.id, link.cid, expiresAtMs);
  return {
    id: link.id,
    uploadId: link.upload_id,
    cid: link.cid,
    url: `${base}/ipfs/${link.cid}?token=${token}`,
    token,
    expiresAt: new Date(expiresAtMs).toISOString(),
    downloadName: link.download_name,
    singleUse: Number(link.single_use) === 1,
    createdAt: link.created_at,
  };
}

/** Creates a signed link to one of the account's records, private or public. */
export async function linkCreator(app: AppContext, user: UserRow, upload: UploadRow, input: LinkInput, ip: string) {
  const now = app.clock.now();
  if ((await app.stores.accessLinks.countLive(upload.id, now)) >= MAX_LIVE_LINKS) {
    throw conflict('too_many_links', `A file has at most ${MAX_LIVE_LINKS} live links: revoke some first`);
  }
  const link = await app.stores.accessLinks.insert({
    id: newId(),
    user_id: user.id,
    upload_id: upload.id,
    cid: upload.cid,
    expires_at_ms: now + input.expiresIn * 1000,
    download_name: input.downloadName ?? null,
    single_use: input.singleUse ? 1 : 0,
  });
  await auditRecorder(app, {
    action: 'create_link',
    user,
    ip,
    details: { uploadId: upload.id, linkId: link.id, expiresIn: input.expiresIn },
  });
  return link;
}

/** The record's links that still open it. */
export const linkLister = (app: AppContext, upload: UploadRow) => app.stores.accessLinks.live(upload.id, app.clock.now());

/** Revokes one link of the record; an unknown or already revoked link is a 404. */
export async function linkRevoker(app: AppContext, user: UserRow, upload: UploadRow, linkId: string, ip: string): Promise<void> {
  if (!(await app.stores.accessLinks.revoke(upload.id, linkId, new Date(app.clock.now()).toISOString()))) {
    throw notFound('link_not_found', 'No live link with this id on this file');
  }
  await auditRecorder(app, { action: 'revoke_link', user, ip, details: { uploadId: upload.id, linkId } });
}
