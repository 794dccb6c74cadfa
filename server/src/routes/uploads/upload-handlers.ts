import { MAX_DIRECTORY_BYTES, MAX_FILE_BYTES } from '@cairn/shared';
import type { z } from 'zod';
import type { directoryUploadQuerySchema, uploadQuerySchema } from '@cairn/shared';
import { dagUploader, filesUploader } from '../../commands/directory-uploader';
import { fileUploader } from '../../commands/file-uploader';
import { ContentTooLargeError } from '../../content/errors';
import { AppError } from '../../lib/errors';
import { multipartFiles } from '../../lib/multipart';
import type { Ctx } from '../../koa-types';
import { input } from '../../middleware/validate';
import { presentUpload } from '../../presenters/upload';

/** Room for multipart boundaries and headers on top of the content itself. */
const MULTIPART_SLACK = 1024 * 1024;
const MAX_DIRECTORY_FILES = 100_000;

/** Aborts when the client goes away before the upload completes, so nothing is kept. */
function disconnectSignal(ctx: Ctx): AbortSignal {
  const controller = new AbortController();
  ctx.req.once('close', () => {
    if (!ctx.req.complete) controller.abort(new AppError(400, 'upload_aborted', 'The upload was interrupted'));
  });
  return controller.signal;
}

function refuseDeclaredOversize(ctx: Ctx, max: number): void {
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared > max + MULTIPART_SLACK) {
    ctx.set('Connection', 'close');
    throw new ContentTooLargeError(max);
  }
}

/** POST /upload: one file part named `file`. */
export async function uploadFile(ctx: Ctx): Promise<void> {
  const query = input<undefined, z.infer<typeof uploadQuerySchema>>(ctx).query;
  refuseDeclaredOversize(ctx, MAX_FILE_BYTES);
  const signal = disconnectSignal(ctx);
  const parts = multipartFiles(ctx.req, { field: 'file', maxFiles: 1, preservePath: false });
  await closingOnError(ctx, parts, async () => {
    const first = await parts.next();
    if (first.done) throw new AppError(400, 'file_not_received', 'No file received: send it as the multipart field "file"');
    const { upload, duplicate } = await fileUploader(ctx.state.app, ctx.state.user, {
      filename: first.value.filename,
      source: first.value.stream,
      cidVersion: query.cidVersion,
      customName: query.name,
      signal,
      ip: ctx.ip,
    });
    ctx.status = duplicate ? 200 : 201;
    ctx.body = { ...presentUpload(upload), duplicate };
  });
}

/** POST /upload/directory: repeated `file` parts whose filenames carry relative paths. */
export async function uploadDirectory(ctx: Ctx, forcedMode?: 'dag'): Promise<void> {
  const query = input<undefined, z.infer<typeof directoryUploadQuerySchema>>(ctx).query;
  refuseDeclaredOversize(ctx, MAX_DIRECTORY_BYTES);
  const signal = disconnectSignal(ctx);
  const parts = multipartFiles(ctx.req, { field: 'file', maxFiles: MAX_DIRECTORY_FILES, preservePath: true });
  const common = { parts, cidVersion: query.cidVersion, customName: query.name, signal, ip: ctx.ip };
  await closingOnError(ctx, parts, async () => {
    if ((forcedMode ?? query.mode) === 'dag') {
      const { upload, duplicate, files } = await dagUploader(ctx.state.app, ctx.state.user, common);
      ctx.status = duplicate ? 200 : 201;
      ctx.body = { ...presentUpload(upload), duplicate, files };
      return;
    }
    const results = await filesUploader(ctx.state.app, ctx.state.user, common);
    ctx.status = 201;
    ctx.body = {
      files: results.map((r) => ({ ...presentUpload(r.upload), duplicate: r.duplicate })),
      total: results.length,
      size: results.reduce((sum, r) => sum + Number(r.upload.size), 0),
    };
  });
}

/**
 * Runs an upload; on failure the connection is closed after the error response rather than
 * draining what may be gigabytes of a refused body.
 */
async function closingOnError(ctx: Ctx, parts: AsyncGenerator<unknown>, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    ctx.set('Connection', 'close');
    throw error;
  } finally {
    await parts.return(undefined);
  }
}
