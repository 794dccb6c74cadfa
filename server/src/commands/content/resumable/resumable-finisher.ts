import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../../context';
import type { CidVersion } from '../../../content/types';
import type { ResumableUploadRow } from '../../../db/schema';
import { ContentTooLargeError } from '../../../content/errors';
import { clientError } from '../../../lib/error-answers';
import { accountDisabled, conflict, notFound } from '../../../lib/errors';
import type { RecordResult } from '../content-recorder';
import { fileUploader } from '../file-uploader';
import { quotaReservation, type QuotaReservation } from '../../quota/lib/quota-reservation';
import { partialStoreOf, removePartial, resumableDir, resumableNotFound } from './lib/partial-store';
import { resumableDiscarder } from './resumable-discarder';

/** The record a finished upload made, or had made already (`duplicate`: the account held its CID). */
export type FinishedUpload = RecordResult;

const running = new WeakMap<AppContext, Map<string, Promise<FinishedUpload>>>();

/**
 * Streams a complete tus upload from its partial file into the importer, once, and records it as
 * a normal upload. Whoever asks first (the last PATCH, or a GET after a restart) does the work;
 * the others wait for the same result. A refusal (quota, a taken name) drops the partial; a
 * failure of the engine keeps it, still reserved, so that asking again retries.
 */
export function resumableFinisher(app: AppContext, id: string, ip: string): Promise<FinishedUpload> {
  let inProgress = running.get(app);
  if (!inProgress) running.set(app, (inProgress = new Map()));
  const existing = inProgress.get(id);
  if (existing) return existing;
  const work = finish(app, id, ip).finally(() => inProgress.delete(id));
  inProgress.set(id, work);
  return work;
}

async function finish(app: AppContext, id: string, ip: string): Promise<FinishedUpload> {
  const row = await app.stores.resumable.find(id);
  if (!row) throw resumableNotFound();
  if (row.upload_id) return recorded(app, row);
  const store = partialStoreOf(app);
  // The partial file lives in this instance's data directory: without it there is nothing to record.
  const partial = await store.getUpload(id).catch(() => {
    throw resumableNotFound();
  });
  if ((partial.offset ?? 0) < Number(row.size)) {
    throw conflict('upload_incomplete', `The upload has ${partial.offset} of its ${row.size} bytes: send the rest with PATCH`);
  }
  const user = await app.stores.users.findById(row.user_id);
  if (!user) throw resumableNotFound();
  if (user.status !== 'active') throw accountDisabled();
  const size = Number(row.size);
  // The bytes are reserved by the resumable upload already; the streaming reservation opened here
  // reserves none, and exists so that what the engine pins is claimed (a crash before the record
  // is written is undone by the outbox, as for any upload).
  const streaming = await quotaReservation(app, user);
  const reservation: QuotaReservation = {
    ...streaming,
    async onBytes(_delta, total) {
      if (total > size) throw new ContentTooLargeError(size);
    },
    async settle(trx) {
      await streaming.settle(trx);
      await app.stores.resumable.release(trx, id);
    },
    // A failed import keeps the resumable reservation with the partial file, for the next attempt.
    cancel: () => streaming.cancel(),
    partial: () => streaming.partial(),
  };
  let result;
  try {
    result = await fileUploader(app, user, {
      filename: partial.metadata?.filename ?? partial.metadata?.name ?? '',
      source: fs.createReadStream(path.join(resumableDir(app), id)),
      cidVersion: row.cid_version as CidVersion,
      customName: row.name ?? undefined,
      signal: app.stopping,
      ip,
      maxBytes: size,
      reservation,
      // Started by a token limited to a group: the record goes there, and never takes over one outside it.
      extras: row.group_id ? { groupId: row.group_id, groupOnly: true } : undefined,
    });
  } catch (error) {
    if ((clientError(error)?.status ?? 500) < 500) await resumableDiscarder(app, id);
    throw error;
  }
  // A duplicate recorded nothing: its reservation is still held until here.
  await app.db.transaction().execute((trx) => app.stores.resumable.release(trx, id));
  await app.stores.resumable.markRecorded(id, result.upload.id, result.duplicate);
  if (row.signed_upload_id) await app.stores.signedUploads.markUploaded(row.signed_upload_id, result.upload.id);
  await removePartial(app, id);
  app.metrics.upload(result.duplicate ? 'duplicate' : 'stored', result.duplicate ? 0 : Number(result.upload.size));
  return { upload: result.upload, duplicate: result.duplicate };
}

async function recorded(app: AppContext, row: ResumableUploadRow): Promise<FinishedUpload> {
  const upload = await app.stores.uploads.findForUser(row.user_id, row.upload_id!);
  if (!upload) throw notFound('file_not_found', 'The uploaded file has since been deleted');
  return { upload, duplicate: row.duplicate === 1 };
}
