import { quotaExceeded } from '../../commands/quota/lib/quota-reservation';
import { storageLimit } from '../../commands/quota/lib/storage-limit';
import { s3Errors } from '../errors';
import type { S3Ctx, S3Handler } from '../types';
import { MAX_PART_BYTES, MAX_PART_NUMBER } from './limits';
import { partWriter } from './part-writer';
import { closeAfterRefusal } from '../../lib/refused-body';
import { queryValue, uploadOf } from './upload-of';

/** `partNumber`: 1 to 10,000, as S3. */
export function partNumberOf(value: string | undefined): number {
  const number = value !== undefined && /^\d{1,5}$/.test(value) ? Number(value) : 0;
  if (number < 1 || number > MAX_PART_NUMBER) {
    throw s3Errors.invalidArgument('Part number must be an integer between 1 and 10000, inclusive', 'partNumber', value ?? '');
  }
  return number;
}

/** Refuses a part whose announced length cannot fit: the 5 GiB cap, or the account's free quota. */
async function refuseDeclaredOversize(ctx: S3Ctx, length: number | null): Promise<void> {
  if (length === null) return;
  if (length > MAX_PART_BYTES) {
    ctx.set('Connection', 'close');
    throw s3Errors.entityTooLarge(MAX_PART_BYTES);
  }
  const user = ctx.state.user;
  const free = (await storageLimit(ctx.state.app, user)) - Number(user.storage_used) - Number(user.storage_reserved);
  if (length > free) {
    if (await closeAfterRefusal(ctx.req, length)) ctx.set('Connection', 'close');
    throw quotaExceeded();
  }
}

/** UploadPart: keeps the part (replacing one of the same number) and answers its ETag, the MD5 of its bytes. */
export const uploadPart: S3Handler = async (ctx, bucket) => {
  const partNumber = partNumberOf(queryValue(ctx, 'partNumber'));
  const upload = await uploadOf(ctx, bucket!);
  await refuseDeclaredOversize(ctx, ctx.state.payloadLength);
  try {
    const etag = await partWriter(ctx.state.app, ctx.state.user, upload, partNumber, ctx.state.payload);
    ctx.set('ETag', etag);
    ctx.status = 200;
    ctx.body = '';
  } catch (error) {
    // Refused while its body streams: the rest is cut off after the answer rather than read.
    if (!ctx.req.complete) ctx.set('Connection', 'close');
    throw error;
  }
};
