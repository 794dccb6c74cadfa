import type { QuotaReservation } from '../../commands/quota/lib/quota-reservation';
import { uploadSlot } from '../upload-slot';
import { ContentTooLargeError } from '../../content/errors';
import type { S3BucketRow, S3MultipartRow } from '../../db/schema';
import { smallBody } from '../body';
import { checkKey, storeObject } from '../objects';
import type { S3Ctx, S3Handler } from '../types';
import { toXml } from '../xml';
import { chosenParts, listedParts, type ListedPart } from './complete-request';
import { completionClaim } from './completion-claim';
import { multipartRemover } from './multipart-remover';
import { concatenatedParts } from './part-files';
import { slowAnswer } from './slow-answer';
import { uploadOf } from './upload-of';

/** 10,000 `<Part>` elements with their ETags and checksums fit well within this. */
const BODY_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The import's reservation: the parts' bytes are charged already (as reserved, on their rows, until
 * the upload is removed), so it reserves none. It is a streaming upload's all the same, so that
 * what the engine pins is claimed under it, and a crash before the record is written is undone as
 * for any upload; it refuses bytes beyond the parts' (which the files could hold only if changed
 * under the import).
 */
async function importReservation(ctx: S3Ctx, size: number): Promise<QuotaReservation> {
  const streaming = await uploadSlot(ctx, ctx.state.app.stopping);
  return {
    ...streaming,
    async onBytes(_delta, total) {
      if (total > size) throw new ContentTooLargeError(size);
    },
  };
}

/**
 * Imports the named parts, one after the other, as the object (the same CID as a plain upload of
 * the same bytes), then removes the upload. Any failure leaves the upload whole, for a retry.
 */
async function complete(ctx: S3Ctx, bucket: S3BucketRow, upload: S3MultipartRow, listed: ListedPart[]): Promise<string> {
  const app = ctx.state.app;
  const claim = await completionClaim(app, upload.id);
  try {
    const chosen = chosenParts(listed, claim.parts);
    // What storeObject refuses before its import must be refused before the reservation opens: only the import gives it back.
    checkKey(upload.key);
    const reservation = await importReservation(ctx, chosen.size);
    const stored = await storeObject(ctx, bucket, upload.key, concatenatedParts(app, chosen.parts), {
      contentType: upload.content_type,
      meta: JSON.parse(upload.meta) as Record<string, string>,
      etag: chosen.etag,
      reservation,
    });
    // The record holds the bytes now: the parts' reservation goes with the upload's rows, and this
    // Complete's lease with them; a crash before leaves the upload, whose Complete can be retried.
    await multipartRemover(app, upload.id, claim.owner);
    claim.lease.stop();
    return toXml('CompleteMultipartUploadResult', {
      Location: `${ctx.protocol}://${ctx.host}${ctx.path}`,
      Bucket: bucket.name,
      Key: upload.key,
      ETag: stored.etag,
    });
  } catch (error) {
    await claim.lease.release();
    throw error;
  }
}

/**
 * CompleteMultipartUpload: the listed parts, in order, become the key's object. A long import is
 * answered as S3 does (see `slowAnswer`); two Completes of one upload make one object, the other
 * answered NoSuchUpload.
 */
export const completeMultipartUpload: S3Handler = async (ctx, bucket) => {
  const upload = await uploadOf(ctx, bucket!);
  const listed = listedParts(await smallBody(ctx, BODY_MAX_BYTES));
  await slowAnswer(ctx, complete(ctx, bucket!, upload, listed));
};
