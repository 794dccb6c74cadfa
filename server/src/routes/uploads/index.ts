import Router from '@koa/router';
import {
  carUploadQuerySchema,
  directoryUploadQuerySchema,
  uploadListQuerySchema,
  renameSchema,
  uploadQuerySchema,
  type UploadListParams,
  type RenameInput,
} from '@cairn/shared';
import { z } from 'zod';
import { uploadRemover } from '../../commands/upload-remover';
import { uploadRenamer } from '../../commands/upload-renamer';
import { usageReader } from '../../commands/usage-reader';
import { parseCid } from '../../commands/pin-requester';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { AppState, Ctx } from '../../koa-types';
import { auth, authPrincipal } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentUpload } from '../../presenters/upload';
import { resumableRoutes } from './resumable';
import { signedUploadRoutes } from './signed';
import { uploadCar, uploadDirectory, uploadFile } from './upload-handlers';

const uploadParams = z.object({ uploadId: z.string().min(1, 'uploadId is required').max(100) });
const cidParams = z.object({ cid: z.string().min(1).max(200) });
const fileNotFound = () => notFound('file_not_found', 'File not found or not owned by the user');

async function ownUpload(ctx: Ctx) {
  const { uploadId } = input<unknown, unknown, z.infer<typeof uploadParams>>(ctx).params;
  const upload = isUuid(uploadId) ? await ctx.state.app.stores.uploads.findForUser(ctx.state.principal.id, uploadId) : undefined;
  if (!upload) throw fileNotFound();
  return upload;
}

/**
 * A page of the account's records, newest first. The rendered page is kept while the account's
 * records stay as they are (`uploads_version`, read with the user on this very request), so asking
 * again for an unchanged list costs no query.
 */
async function listUploads(ctx: Ctx) {
  const { page, limit, search, sort, order } = input<undefined, UploadListParams>(ctx).query;
  const user = ctx.state.principal;
  const pages = ctx.state.app.fileListPages;
  const key = `${page}:${limit}:${sort}:${order}:${search ?? ''}`;
  let body = pages.get(user.id, user.uploads_version, key);
  if (!body) {
    const { rows, total } = await ctx.state.app.stores.uploads.list({
      userId: user.id,
      offset: (page - 1) * limit,
      limit,
      search,
      count: user.uploads_count,
      sort,
      order,
    });
    body = Buffer.from(JSON.stringify({ files: rows.map(presentUpload), total, page, limit }));
    pages.set(user.id, user.uploads_version, key, body);
  }
  ctx.type = 'application/json';
  ctx.body = body;
}

async function deleteByCid(ctx: Ctx) {
  const { cid } = input<unknown, unknown, z.infer<typeof cidParams>>(ctx).params;
  let canonical: string;
  try {
    canonical = parseCid(cid);
  } catch {
    throw fileNotFound();
  }
  const upload = await ctx.state.app.stores.uploads.findByCidForUser(ctx.state.user.id, canonical);
  if (!upload) throw fileNotFound();
  ctx.body = await uploadRemover(ctx.state.app, ctx.state.user, upload, ctx.ip, ctx.state.user, ctx.state.requestId);
}

/** Uploads, the account's files, usage — plus the older `/file` routes kept as aliases. */
export function uploadRoutes() {
  const router = new Router<AppState>();
  const single = [auth(), validate({ query: uploadQuerySchema })] as const;
  const directory = [auth(), validate({ query: directoryUploadQuerySchema })] as const;

  router.post('/upload', ...single, uploadFile);
  router.post('/upload/directory', ...directory, (ctx) => uploadDirectory(ctx));
  router.post('/upload/car', auth(), validate({ query: carUploadQuerySchema }), uploadCar);
  router.post('/file', ...single, uploadFile);
  router.post('/file/folder', ...directory, (ctx) => uploadDirectory(ctx, 'dag'));

  router.get('/users/me/uploads', authPrincipal(), validate({ query: uploadListQuerySchema }), listUploads);
  router.get('/file', authPrincipal(), validate({ query: uploadListQuerySchema }), listUploads);

  router.get('/uploads/:uploadId', authPrincipal(), validate({ params: uploadParams }), async (ctx) => {
    ctx.body = presentUpload(await ownUpload(ctx));
  });
  router.patch('/uploads/:uploadId', auth(), jsonBody(), validate({ params: uploadParams, body: renameSchema }), async (ctx) => {
    const upload = await ownUpload(ctx);
    const { name } = input<RenameInput>(ctx).body;
    ctx.body = presentUpload(await uploadRenamer(ctx.state.app, ctx.state.user, upload, name, ctx.ip));
  });
  router.delete('/uploads/:uploadId', auth(), validate({ params: uploadParams }), async (ctx) => {
    ctx.body = await uploadRemover(ctx.state.app, ctx.state.user, await ownUpload(ctx), ctx.ip, ctx.state.user, ctx.state.requestId);
  });
  router.delete('/file/:cid', auth(), validate({ params: cidParams }), deleteByCid);

  router.get('/users/me/usage', auth(), async (ctx) => {
    ctx.body = await usageReader(ctx.state.app, ctx.state.user);
  });
  router.use(resumableRoutes().routes());
  router.use(signedUploadRoutes().routes());
  return router;
}
