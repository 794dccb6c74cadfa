import type { AppContext } from '../../context';
import type { S3MultipartRow, UserRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { S3Error, s3Errors } from '../errors';
import { MAX_PART_BYTES, PART_MIN_CHARGE } from './limits';
import { completing, lockUpload, putPart } from './multipart-store';
import { filesBeingWritten, newPartFile, removePartFiles, writePartFile } from './part-files';
import { partReservation } from './part-reservation';

export const completeInProgress = () =>
  new S3Error('OperationAborted', 409, 'A Complete of this multipart upload is in progress: try again once it has ended.');

/**
 * Keeps one part of `upload`: streams it to a new file (charged to the quota as bytes arrive,
 * EntityTooLarge past 5 GiB), then, in one transaction, makes it the upload's part of that number
 * and moves its charge onto the part's row. A part of the same number sent before is replaced (its
 * file deleted once the new row is committed); of two sent at once, the one committed last stays.
 * Returns the part's ETag (its MD5, quoted).
 */
export async function partWriter(
  app: AppContext,
  user: UserRow,
  upload: S3MultipartRow,
  partNumber: number,
  source: AsyncIterable<Uint8Array>,
): Promise<string> {
  const file = newPartFile(app, upload.id, partNumber);
  const writing = filesBeingWritten(app);
  const reservation = await partReservation(app, user);
  writing.add(file);
  try {
    // The part's row is charged at least a block: reserved before a byte, so that even an empty part is refused on a full account.
    await reservation.grow(PART_MIN_CHARGE);
    const written = await writePartFile(app, file, source, async (total) => {
      if (total > MAX_PART_BYTES) throw s3Errors.entityTooLarge(MAX_PART_BYTES);
      await reservation.grow(total);
    });
    const etag = `"${written.md5}"`;
    let replaced: string | null;
    try {
      replaced = await app.db.transaction().execute(async (trx) => {
        const now = nowIso();
        const locked = await lockUpload(trx, upload.id);
        if (!locked || locked.expires_at <= now) throw s3Errors.noSuchUpload(upload.id);
        if (await completing(trx, upload.id, now)) throw completeInProgress();
        await reservation.settle(trx);
        return putPart(trx, user.id, {
          multipart_id: upload.id,
          part_number: partNumber,
          size: written.size,
          etag,
          file,
          created_at: now,
        });
      });
    } catch (error) {
      await removePartFiles(app, [file]);
      throw error;
    }
    if (replaced) await removePartFiles(app, [replaced]);
    return etag;
  } catch (error) {
    await reservation.cancel();
    throw error;
  } finally {
    writing.delete(file);
  }
}
