import { s3Errors } from '../errors';
import type { S3Handler } from '../types';
import { multipartRemover } from './multipart-remover';
import { completeInProgress } from './part-writer';
import { uploadOf } from './upload-of';

/** AbortMultipartUpload: the upload's parts, rows and reserved quota go; 204. */
export const abortMultipartUpload: S3Handler = async (ctx, bucket) => {
  const upload = await uploadOf(ctx, bucket!);
  const removal = await multipartRemover(ctx.state.app, upload.id);
  if (removal === 'gone') throw s3Errors.noSuchUpload(upload.id);
  if (removal === 'completing') throw completeInProgress();
  ctx.status = 204;
  ctx.body = null;
};
