import crypto from 'node:crypto';
import { isStorableText, MAX_FILE_BYTES, UNSTORABLE_TEXT_MESSAGE } from '@cairn/shared';
import { Metadata } from '@tus/server';
import type { AppContext } from '../../../context';
import type { CidVersion } from '../../../content/types';
import type { UserRow } from '../../../db/schema';
import { ContentTooLargeError } from '../../../content/errors';
import { badRequest } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { quotaExceeded } from '../../quota/lib/quota-reservation';
import { storageLimit } from '../../quota/lib/storage-limit';
import { RESUMABLE_TTL_MS } from './lib/partial-store';

export interface ResumableRequest {
  /** The `Upload-Length` header as sent. */
  uploadLength: string | undefined;
  /** The `Upload-Metadata` header as sent. */
  uploadMetadata: string | undefined;
  cidVersion: CidVersion;
  customName?: string;
  /** A signed upload URL's cap and id, when the upload comes through one. */
  signed?: { id: string; maxBytes: number };
  /** The group its record goes into (that of a token limited to one, or of the signed URL). */
  groupId?: string | null;
}

/**
 * Refuses metadata values (the `filename` that names the record, and the rest) that no database
 * could keep. A header that is no tus metadata at all is left to the tus server, which refuses it.
 */
function checkMetadata(header: string | undefined): void {
  if (header === undefined || header.trim() === '') return;
  let metadata: Record<string, string | null>;
  try {
    metadata = Metadata.parse(header);
  } catch {
    return;
  }
  for (const [key, value] of Object.entries(metadata)) {
    if (value !== null && !isStorableText(value)) throw badRequest('validation_error', `Upload-Metadata ${key} ${UNSTORABLE_TEXT_MESSAGE}`);
  }
}

/**
 * Checks a tus creation before a byte is accepted — the announced length against the size cap and
 * the account's free quota — and reserves that length until the upload is recorded or expires.
 * Returns the new upload's id. An upload through a signed URL gets an unguessable id, since that
 * id alone lets its holder continue it.
 */
export async function resumableCreator(
  app: AppContext,
  user: UserRow,
  request: ResumableRequest,
): Promise<{ id: string; maxBytes: number }> {
  const header = request.uploadLength;
  if (header === undefined || !/^\d{1,16}$/.test(header)) {
    throw badRequest('invalid_upload_length', 'Send the file size as Upload-Length (deferred lengths are not supported)');
  }
  checkMetadata(request.uploadMetadata);
  const size = Number(header);
  if (size === 0) throw badRequest('invalid_upload_length', 'Upload-Length must be at least 1 byte: send an empty file with POST /upload');
  const maxBytes = request.signed?.maxBytes ?? MAX_FILE_BYTES;
  if (size > maxBytes) throw new ContentTooLargeError(maxBytes);
  const id = request.signed ? crypto.randomBytes(32).toString('base64url') : newId();
  const now = new Date();
  const reserved = await app.stores.resumable.createReserved(
    {
      id,
      user_id: user.id,
      signed_upload_id: request.signed?.id ?? null,
      size,
      name: request.customName ?? null,
      cid_version: request.cidVersion,
      expires_at: new Date(now.getTime() + RESUMABLE_TTL_MS).toISOString(),
      created_at: now.toISOString(),
      instance_id: app.instanceId,
      group_id: request.groupId ?? null,
    },
    await storageLimit(app, user),
  );
  if (!reserved) throw quotaExceeded();
  return { id, maxBytes: size };
}
