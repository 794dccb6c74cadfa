import { MAX_FILE_BYTES } from '@cairn/shared';
import { detectCategory } from '../../content/category';
import type { CidVersion } from '../../content/types';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { auditRecorder } from '../audit/audit-recorder';
import { crashPoint } from '../../lib/crash-point';
import { recordType } from '../../content/content-kind';
import type { RecordExtras } from './record-meta';
import { contentRecorder, type RecordResult } from './content-recorder';
import { headCapture } from '../../content/head-capture';
import { abandonUpload, quotaReservation, type QuotaReservation } from '../quota/lib/quota-reservation';

export interface FileUploadInput {
  filename: string;
  source: AsyncIterable<Uint8Array>;
  cidVersion: CidVersion;
  customName?: string;
  /** The new record is private. */
  private?: boolean;
  /** A group and key-values for the record (see `checkRecordExtras`). */
  extras?: RecordExtras;
  signal: AbortSignal;
  ip: string;
  /** The record's name: the whole path (an S3 object's key, `www/index.html`), its original name kept as that path. */
  path?: string;
  /** A smaller cap than the 4 GiB one (a signed upload URL's). */
  maxBytes?: number;
  /** Quota already reserved for this file (a resumable upload's); a streaming reservation otherwise. */
  reservation?: QuotaReservation;
}

/**
 * Streams one file into IPFS and records it: quota is reserved as bytes arrive, the 4 GB cap is
 * enforced while streaming, and an aborted or refused upload records and charges nothing. What the
 * engine pinned is claimed before the record is written, so a crash in between is undone.
 */
export async function fileUploader(app: AppContext, user: UserRow, input: FileUploadInput): Promise<RecordResult> {
  const reservation = input.reservation ?? (await quotaReservation(app, user));
  // Set when the engine may hold a pin of this import that nobody claimed: the sweep finds it later.
  let unsettled = false;
  try {
    const { stream, head } = headCapture(input.source);
    const added = await app.content.addFile(stream, {
      cidVersion: input.cidVersion,
      maxBytes: input.maxBytes ?? MAX_FILE_BYTES,
      signal: input.signal,
      onBytes: reservation.onBytes,
      beforePin: reservation.claim,
      recovery: {
        id: reservation.id,
        unsettled: () => {
          unsettled = true;
        },
      },
    });
    await reservation.claim(added.cid);
    crashPoint('upload-pinned');
    const result = await contentRecorder(
      app,
      user,
      {
        cid: added.cid,
        size: added.size,
        type: recordType('file'),
        category: detectCategory(head(), input.filename),
        filesCount: 1,
        originalName: input.filename,
        folderPath: input.path,
        nameFromPath: input.path !== undefined,
        customName: input.customName,
        private: input.private,
        source: 'upload',
      },
      reservation,
      { extras: input.extras },
    );
    if (!result.duplicate) {
      await auditRecorder(app, {
        action: 'upload',
        user,
        ip: input.ip,
        details: { cid: added.cid, size: added.size, name: result.upload.name },
      });
    }
    return result;
  } catch (error) {
    await abandonUpload(app, reservation, unsettled);
    throw error;
  }
}
