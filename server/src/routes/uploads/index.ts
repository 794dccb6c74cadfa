import Router from '@koa/router';
import {
  carUploadQuerySchema,
  directoryUploadQuerySchema,
  uploadFilterQuerySchema,
  uploadPatchSchema,
  uploadQuerySchema,
  type UploadFilterQuery,
  type UploadPatchInput,
} from '@cairn/shared';
import { z } from 'zod';
import { heldUploadReader } from '../../commands/content/held-upload-reader';
import { uploadLister } from '../../commands/content/upload-lister';
import { fileNotFound, uploadReader } from '../../commands/content/upload-reader';
import { uploadRemover } from '../../commands/content/upload-remover';
import { uploadRenamer } from '../../commands/content/upload-renamer';
import { mergedMeta, metaEditor, metaOf } from '../../commands/content/record-meta';
import { groupReader, recordGroupsReader } from '../../commands/groups/groups';
import { usageReader } from '../../commands/quota/usage-reader';
import { InvalidCidError } from '../../content/errors';
import type { AppState, Ctx } from '../../koa-types';
import { keptGroup, limitedGroup } from '../../auth/scopes';
import { auth, authPrincipal } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentUpload } from '../../presenters/upload';
import { bandwidthRoutes } from './bandwidth';
import { accessLinkRoutes } from './links';
import { resumableRoutes } from './resumable';
import { signedUploadRoutes } from './signed';
import { uploadCar, uploadDirectory, uploadFile } from './upload-handlers';

const uploadParams = z.object({ uploadId: z.string().min(1, 'uploadId is required').max(100) });
const cidParams = z.object({ cid: z.string().min(1).max(200) });
/** The record the path names, kept to the group of a token limited to one. */
const ownUpload = (ctx: Ctx) =>
  uploadReader(
    ctx.state.app,
    ctx.state.principal.id,
    input<unknown, unknown, z.infer<typeof uploadParams>>(ctx).params.uploadId,
    limitedGroup(ctx.state.auth) ?? undefined,
  );

/**
 * A page of the account's records, newest first. The rendered page is kept while the account's
 * records stay as they are (`uploads_version`, read with the user on this very request), so asking
 * again for an unchanged list costs no query.
 */
async function listUploads(ctx: Ctx) {
  const { page, limit, search, sort, order, ...asked } = input<undefined, UploadFilterQuery>(ctx).query;
  const user = ctx.state.principal;
  // A token limited to a group lists that group only, and is refused another one.
  const filter = { ...asked, groupId: keptGroup(ctx.state.auth, asked.groupId, 'files:read') };
  const pages = ctx.state.app.fileListPages;
  const key = JSON.stringify([page, limit, sort, order, search ?? '', filter]);
  let body = pages.get(user.id, user.uploads_version, key);
  if (!body) {
    if (filter.groupId) await groupReader(ctx.state.app, user.id, filter.groupId);
    const { rows, counted } = await uploadLister(
      ctx.state.app,
      { userId: user.id, offset: (page - 1) * limit, limit, search, count: user.uploads_count, sort, order, filter },
      user.uploads_version,
    );
    // Past the counted bound the total is a floor, said so (`totalAtLeast`).
    const total = counted.atLeast ? { total: counted.total, totalAtLeast: true } : { total: counted.total };
    body = Buffer.from(JSON.stringify({ files: rows.map(presentUpload), ...total, page, limit }));
    pages.set(user.id, user.uploads_version, key, body);
  }
  ctx.type = 'application/json';
  ctx.body = body;
}

async function deleteByCid(ctx: Ctx) {
  const { cid } = input<unknown, unknown, z.infer<typeof cidParams>>(ctx).params;
  // The older route answers 404 for anything that names no file of the account, a malformed CID too.
  const upload = await heldUploadReader(ctx.state.app, ctx.state.user.id, cid).catch((error: unknown) => {
    throw error instanceof InvalidCidError ? fileNotFound() : error;
  });
  ctx.body = await uploadRemover(ctx.state.app, ctx.state.user, upload, ctx.ip, ctx.state.user, ctx.state.requestId);
}

/** Uploads, the account's files, usage — plus the older `/file` routes kept as aliases. */
export function uploadRoutes() {
  const router = new Router<AppState>();
  const single = [auth('files:write', 'group'), validate({ query: uploadQuerySchema })] as const;
  const directory = [auth('files:write', 'group'), validate({ query: directoryUploadQuerySchema })] as const;

  router.post('/upload', ...single, uploadFile);
  router.post('/upload/directory', ...directory, (ctx) => uploadDirectory(ctx));
  router.post('/upload/car', auth('files:write', 'group'), validate({ query: carUploadQuerySchema }), uploadCar);
  router.post('/file', ...single, uploadFile);
  router.post('/file/folder', ...directory, (ctx) => uploadDirectory(ctx, 'dag'));

  router.get('/users/me/uploads', authPrincipal('files:read', 'group'), validate({ query: uploadFilterQuerySchema }), listUploads);
  router.get('/file', authPrincipal('files:read', 'group'), validate({ query: uploadFilterQuerySchema }), listUploads);

  router.get('/uploads/:uploadId', authPrincipal('files:read', 'group'), validate({ params: uploadParams }), async (ctx) => {
    const upload = await ownUpload(ctx);
    ctx.body = { ...presentUpload(upload), groups: await recordGroupsReader(ctx.state.app, upload.id, limitedGroup(ctx.state.auth)) };
  });
  router.patch(
    '/uploads/:uploadId',
    auth('files:write', 'group'),
    jsonBody(),
    validate({ params: uploadParams, body: uploadPatchSchema }),
    async (ctx) => {
      let upload = await ownUpload(ctx);
      const { name, meta } = input<UploadPatchInput>(ctx).body;
      // The key-values' limits are checked before the rename, so that a refused change changes nothing.
      if (meta) mergedMeta(metaOf(upload), meta);
      if (name !== undefined) upload = await uploadRenamer(ctx.state.app, ctx.state.user, upload, name, ctx.ip);
      if (meta) upload = await metaEditor(ctx.state.app, upload, meta);
      ctx.body = presentUpload(upload);
    },
  );
  router.delete('/uploads/:uploadId', auth('files:write', 'group'), validate({ params: uploadParams }), async (ctx) => {
    ctx.body = await uploadRemover(ctx.state.app, ctx.state.user, await ownUpload(ctx), ctx.ip, ctx.state.user, ctx.state.requestId);
  });
  router.delete('/file/:cid', auth('files:write'), validate({ params: cidParams }), deleteByCid);

  router.get('/users/me/usage', auth('any'), async (ctx) => {
    ctx.body = await usageReader(ctx.state.app, ctx.state.user);
  });
  router.use(resumableRoutes().routes());
  router.use(signedUploadRoutes().routes());
  router.use(accessLinkRoutes().routes());
  router.use(bandwidthRoutes().routes());
  return router;
}
