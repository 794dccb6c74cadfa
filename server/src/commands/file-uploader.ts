import { MAX_FILE_BYTES } from '@cairn/shared';
import { detectCategory } from '../content/category';
import type { CidVersion } from '../content/types';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { auditRecorder } from './audit-recorder';
import { recordType } from './content-kind';
import { contentRecorder, releaseIfUnreferenced, type RecordResult } from './content-recorder';
import { headCapture } from './head-capture';
import { quotaReservation } from './quota-reservation';

export interface FileUploadInput {
  filename: string;
  source: AsyncIterable<Uint8Array>;
  cidVersion: CidVersion;
  customName?: string;
  signal: AbortSignal;
  ip: string;
}

/**
 * Streams one file into IPFS and records it: quota is reserved as bytes arrive, the 4 GB cap is
 * enforced while streaming, and an aborted or refused upload records and charges nothing.
 */
export async function fileUploader(app: AppContext, user: UserRow, input: FileUploadInput): Promise<RecordResult> {
  const reservation = await quotaReservation(app, user);
  let cid: string | null = null;
  try {
    const { stream, head } = headCapture(input.source);
    const added = await app.content.addFile(stream, {
      cidVersion: input.cidVersion,
      maxBytes: MAX_FILE_BYTES,
      signal: input.signal,
      onBytes: reservation.onBytes,
    });
    cid = added.cid;
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
        customName: input.customName,
        source: 'upload',
      },
      reservation,
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
    await reservation.cancel();
    if (cid) await releaseIfUnreferenced(app, cid);
    throw error;
  }
}
