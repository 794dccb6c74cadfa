import { closeAfterRefusal } from '../../lib/refused-body';
import { MAX_DIRECTORY_BYTES, MAX_DIRECTORY_FILES, MAX_FILE_BYTES } from '@cairn/shared';
import type { z } from 'zod';
import type { carUploadQuerySchema, directoryUploadQuerySchema, uploadQuerySchema } from '@cairn/shared';
import { carUploader } from '../../commands/content/car-uploader';
import { filesUploader } from '../../commands/content/files-uploader';
import { folderUploader } from '../../commands/content/folder-uploader';
import type { RecordResult } from '../../commands/content/content-recorder';
import { fileUploader } from '../../commands/content/file-uploader';
import { checkRecordExtras, type RecordExtras } from '../../commands/content/record-meta';
import { quotaExceeded } from '../../commands/quota/lib/quota-reservation';
import { storageLimit } from '../../commands/quota/lib/storage-limit';
import { ContentAbortedError, ContentTooLargeError } from '../../content/errors';
import type { CidVersion } from '../../content/types';
import { clientError } from '../../lib/error-answers';
import { AppError } from '../../lib/errors';
import { multipartFiles } from '../../lib/multipart';
import { keptGroup, limitedGroup } from '../../auth/scopes';
import type { Ctx } from '../../koa-types';
import { input } from '../../middleware/validate';
import { presentUpload } from '../../presenters/upload';

/** Room for multipart boundaries and headers on top of the content itself. */
const MULTIPART_SLACK = 1024 * 1024;
/** Multipart framing of one file: delimiters plus headers, which the parser caps at 16 KiB. */
const FILE_FRAMING = 64 * 1024;
/** Framing of a folder: a few hundred bytes per file, up to MAX_DIRECTORY_FILES of them. */
const DIRECTORY_FRAMING = 32 * 1024 * 1024;

/** Aborts when the client goes away before the upload completes or the server stops, so nothing is kept. */
function disconnectSignal(ctx: Ctx): AbortSignal {
  const controller = new AbortController();
  ctx.req.once('close', () => {
    if (!ctx.req.complete) controller.abort(new AppError(400, 'upload_aborted', 'The upload was interrupted'));
  });
  return AbortSignal.any([controller.signal, ctx.state.app.stopping]);
}

/**
 * Refuses before reading a byte when the declared body cannot fit the size cap, or the account's
 * free quota even after taking off the most its multipart framing can be (`framing`).
 */
async function refuseDeclaredOversize(ctx: Ctx, max: number, framing: number): Promise<void> {
  const declared = Number(ctx.get('Content-Length') || 0);
  if (!Number.isFinite(declared) || declared <= framing) return;
  if (declared > max + MULTIPART_SLACK) {
    ctx.set('Connection', 'close');
    throw new ContentTooLargeError(max);
  }
  const user = ctx.state.user;
  const free = (await storageLimit(ctx.state.app, user)) - Number(user.storage_used) - Number(user.storage_reserved);
  if (declared - framing > free) {
    // A small refused body is read and dropped first, so that a client still sending it gets to
    // read the answer; a big one is cut off after the answer instead.
    if (await closeAfterRefusal(ctx.req, declared)) ctx.set('Connection', 'close');
    throw quotaExceeded();
  }
}

/** POST /upload: one file part named `file`. */
export async function uploadFile(ctx: Ctx): Promise<void> {
  const query = input<undefined, z.infer<typeof uploadQuerySchema>>(ctx).query;
  const extras = await requestedExtras(ctx, query);
  await receiveFile(ctx, {
    cidVersion: query.cidVersion,
    customName: query.name,
    private: query.private === 'true',
    maxBytes: MAX_FILE_BYTES,
    extras,
  });
}

export interface ReceiveOptions {
  cidVersion: CidVersion;
  customName?: string;
  private?: boolean;
  /** The size cap: 4 GiB, or a signed upload URL's. */
  maxBytes: number;
  extras?: RecordExtras;
}

/** The group and key-values an upload asks for its record, refused (before any byte is read) when they cannot be given. */
async function requestedExtras(ctx: Ctx, query: { groupId?: string; meta?: Record<string, string> }): Promise<RecordExtras> {
  // A token limited to a group puts every new record into it, and may not name another.
  const extras: RecordExtras = {
    groupId: keptGroup(ctx.state.auth, query.groupId, 'files:write'),
    meta: query.meta,
    groupOnly: limitedGroup(ctx.state.auth) !== null,
  };
  await checkRecordExtras(ctx.state.app, ctx.state.user, extras);
  return extras;
}

/** Stores the multipart part `file` for `ctx.state.user` and answers with its record. */
export async function receiveFile(ctx: Ctx, options: ReceiveOptions): Promise<RecordResult> {
  await refuseDeclaredOversize(ctx, options.maxBytes, FILE_FRAMING);
  const signal = disconnectSignal(ctx);
  const parts = multipartFiles(ctx.req, { field: 'file', maxFiles: 1, preservePath: false });
  return closingOnError(ctx, parts, async () => {
    const first = await parts.next();
    if (first.done) throw new AppError(400, 'file_not_received', 'No file received: send it as the multipart field "file"');
    const result = await fileUploader(ctx.state.app, ctx.state.user, {
      filename: first.value.filename,
      source: first.value.stream,
      cidVersion: options.cidVersion,
      customName: options.customName,
      private: options.private,
      signal,
      ip: ctx.ip,
      maxBytes: options.maxBytes,
      extras: options.extras,
    });
    const { upload, duplicate } = result;
    ctx.status = duplicate ? 200 : 201;
    ctx.body = { ...presentUpload(upload), duplicate };
    ctx.state.app.metrics.upload(duplicate ? 'duplicate' : 'stored', duplicate ? 0 : Number(upload.size));
    return result;
  });
}

/** POST /upload/directory: repeated `file` parts whose filenames carry relative paths. */
export async function uploadDirectory(ctx: Ctx, forcedMode?: 'dag'): Promise<void> {
  const query = input<undefined, z.infer<typeof directoryUploadQuerySchema>>(ctx).query;
  const extras = await requestedExtras(ctx, query);
  await refuseDeclaredOversize(ctx, MAX_DIRECTORY_BYTES, DIRECTORY_FRAMING);
  const signal = disconnectSignal(ctx);
  const parts = multipartFiles(ctx.req, { field: 'file', maxFiles: MAX_DIRECTORY_FILES, preservePath: true });
  const common = {
    parts,
    cidVersion: query.cidVersion,
    customName: query.name,
    private: query.private === 'true',
    signal,
    ip: ctx.ip,
    extras,
  };
  await closingOnError(ctx, parts, async () => {
    if ((forcedMode ?? query.mode) === 'dag') {
      const { upload, duplicate, files } = await folderUploader(ctx.state.app, ctx.state.user, common);
      ctx.status = duplicate ? 200 : 201;
      ctx.body = { ...presentUpload(upload), duplicate, files };
      ctx.state.app.metrics.upload(duplicate ? 'duplicate' : 'stored', duplicate ? 0 : Number(upload.size));
      return;
    }
    const results = await filesUploader(ctx.state.app, ctx.state.user, common);
    ctx.status = 201;
    ctx.body = {
      files: results.map((r) => ({ ...presentUpload(r.upload), duplicate: r.duplicate })),
      total: results.length,
      size: results.reduce((sum, r) => sum + Number(r.upload.size), 0),
    };
    const stored = results.filter((r) => !r.duplicate).reduce((sum, r) => sum + Number(r.upload.size), 0);
    ctx.state.app.metrics.upload('stored', stored);
  });
}

const CAR_BODY_TYPES = ['application/vnd.ipld.car', 'application/octet-stream'];

/** POST /upload/car: the CAR as the body itself, or as the multipart field `file`. */
export async function uploadCar(ctx: Ctx): Promise<void> {
  const query = input<undefined, z.infer<typeof carUploadQuerySchema>>(ctx).query;
  const type = (ctx.get('Content-Type').split(';')[0] ?? '').trim().toLowerCase();
  const raw = CAR_BODY_TYPES.includes(type);
  if (!raw && type !== 'multipart/form-data') {
    throw new AppError(415, 'unsupported_media_type', 'Send the CAR as application/vnd.ipld.car, or as the multipart field "file"');
  }
  const extras = await requestedExtras(ctx, query);
  await refuseDeclaredOversize(ctx, MAX_DIRECTORY_BYTES, raw ? 0 : FILE_FRAMING);
  const signal = disconnectSignal(ctx);
  const parts = raw ? emptyParts() : multipartFiles(ctx.req, { field: 'file', maxFiles: 1, preservePath: false });
  await closingOnError(ctx, parts, async () => {
    let source: AsyncIterable<Uint8Array> = ctx.req.iterator({ destroyOnReturn: false });
    let filename: string | undefined;
    if (!raw) {
      const first = await parts.next();
      if (first.done) throw new AppError(400, 'file_not_received', 'No CAR received: send it as the body or as the multipart field "file"');
      source = first.value.stream;
      filename = first.value.filename;
    }
    const { upload, duplicate } = await carUploader(ctx.state.app, ctx.state.user, {
      source,
      filename,
      customName: query.name,
      private: query.private === 'true',
      signal,
      ip: ctx.ip,
      extras,
    });
    ctx.status = duplicate ? 200 : 201;
    ctx.body = { ...presentUpload(upload), duplicate };
    ctx.state.app.metrics.upload(duplicate ? 'duplicate' : 'stored', duplicate ? 0 : Number(upload.size));
  });
}

async function* emptyParts(): AsyncGenerator<never> {}

/**
 * Runs an upload; on failure the connection is closed after the error response rather than
 * draining what may be gigabytes of a refused body.
 */
async function closingOnError<T>(ctx: Ctx, parts: AsyncGenerator<unknown>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    ctx.set('Connection', 'close');
    // An abort counts as itself, whatever answer its reason carries.
    const outcome = error instanceof ContentAbortedError ? error.code : clientError(error)?.code;
    ctx.state.app.metrics.upload(outcome ?? 'error', 0);
    if (!outcome) ctx.state.app.metrics.engineError('add');
    throw error;
  } finally {
    await parts.return(undefined);
  }
}
