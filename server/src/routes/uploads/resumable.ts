import Router from '@koa/router';
import { uploadQuerySchema } from '@cairn/shared';
import type { z } from 'zod';
import { resumableNotFound } from '../../commands/content/resumable/lib/partial-store';
import { resumableCreator } from '../../commands/content/resumable/resumable-creator';
import { resumableDiscarder } from '../../commands/content/resumable/resumable-discarder';
import { resumableFinisher } from '../../commands/content/resumable/resumable-finisher';
import { resumableReader } from '../../commands/content/resumable/resumable-reader';
import type { ResumableUploadRow } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AppState, Ctx } from '../../koa-types';
import { limitedGroup } from '../../auth/scopes';
import { auth, authPrincipal } from '../../middleware/auth';
import { input, validate } from '../../middleware/validate';
import { presentUpload } from '../../presenters/upload';
import { forwardToOwner, heldElsewhere } from './owner-forwarder';
import { tusProtocol } from './tus-protocol';
import { handleTus } from './tus-server';

/** A resumable upload makes a public record (a private one is made private afterwards). */
const resumableQuerySchema = uploadQuerySchema.omit({ private: true, groupId: true, meta: true });

/**
 * What a one-request upload takes but a resumable one cannot keep until its record exists: asked
 * for, it is refused rather than dropped (a file meant to be private must never be stored public).
 */
const NOT_RESUMABLE = ['private', 'groupId', 'meta'] as const;

function refuseRecordOptions(ctx: Ctx): void {
  const asked = NOT_RESUMABLE.find((key) => ctx.query[key] !== undefined);
  if (asked) {
    throw badRequest(
      'validation_error',
      `A resumable upload takes no ${asked}: set it once the file is stored (PUT /files/{uploadId}/privacy, PATCH /uploads/{uploadId}, POST /groups/{groupId}/uploads), or upload in one request`,
    );
  }
}

/** Hands the request to the tus server, which answers it; a creation it refuses reserves nothing. */
export async function passToTus(ctx: Ctx, uploadId: string, maxBytes: number, creating = false): Promise<void> {
  ctx.respond = false;
  const app = ctx.state.app;
  try {
    await handleTus(app, { uploadId, maxBytes, ip: ctx.ip, requestId: ctx.state.requestId }, ctx.req, ctx.res);
  } finally {
    if (creating && ctx.res.statusCode !== 201) await resumableDiscarder(app, uploadId);
  }
}

/**
 * The upload named in the path, if the caller may use it: its creator (token or session), or
 * anyone holding the URL of an upload made through a signed URL, whose id is its secret, while
 * the account that made the URL is active.
 */
async function accessibleUpload(ctx: Ctx): Promise<ResumableUploadRow> {
  const row = await resumableReader(ctx.state.app, (ctx.params as { resumableId: string }).resumableId);
  if (!row.signed_upload_id) {
    await authPrincipal('files:write', 'group')(ctx, async () => undefined);
    if (ctx.state.principal.id !== row.user_id) throw resumableNotFound();
    // A token limited to a group reaches the uploads that go into its group, and no other.
    const group = limitedGroup(ctx.state.auth);
    if (group !== null && row.group_id !== group) throw resumableNotFound();
  }
  if (!row.upload_id && row.expires_at <= nowIso()) throw new AppError(410, 'upload_expired', 'This upload has expired: start it again');
  return row;
}

async function continueUpload(ctx: Ctx): Promise<void> {
  const row = await accessibleUpload(ctx);
  if (!row.upload_id && heldElsewhere(ctx, row)) return forwardToOwner(ctx, row);
  if (!row.upload_id) return passToTus(ctx, row.id, Number(row.size));
  if (ctx.method === 'PATCH') throw conflict('upload_complete', 'This upload is complete: GET its URL for the record');
  // Its partial file is gone once recorded: the offset of a finished upload is its length.
  ctx.set({ 'Upload-Offset': String(row.size), 'Upload-Length': String(row.size), 'Cache-Control': 'no-store' });
  ctx.status = 200;
}

/**
 * tus resumable uploads: `POST` creates (length checked against the size cap and the free quota
 * first, then reserved), `HEAD` tells the offset, `PATCH` appends, `GET` gives the record once
 * complete, `DELETE` drops it. The partial file survives restarts; it expires after 24 hours.
 * It lives on the instance that created the upload: the others forward the upload's requests there.
 */
export function resumableRoutes() {
  const router = new Router<AppState>();
  const tus = tusProtocol();
  router.post('/uploads/resumable', tus, auth('files:write', 'group'), validate({ query: resumableQuerySchema }), async (ctx) => {
    refuseRecordOptions(ctx);
    const query = input<undefined, z.infer<typeof resumableQuerySchema>>(ctx).query;
    const { id, maxBytes } = await resumableCreator(ctx.state.app, ctx.state.user, {
      uploadLength: ctx.get('Upload-Length') || undefined,
      uploadMetadata: ctx.get('Upload-Metadata') || undefined,
      cidVersion: query.cidVersion,
      customName: query.name,
      groupId: limitedGroup(ctx.state.auth),
    });
    await passToTus(ctx, id, maxBytes, true);
  });
  // An upload's id is checked against its pattern where it is looked up; `validate` only refuses
  // text that no id can be (NUL), as everywhere.
  const id = validate({});
  router.head('/uploads/resumable/:resumableId', tus, id, continueUpload);
  router.patch('/uploads/resumable/:resumableId', tus, id, continueUpload);
  router.get('/uploads/resumable/:resumableId', id, async (ctx) => {
    const row = await accessibleUpload(ctx);
    // Only the instance with the partial file can record it.
    if (!row.upload_id && heldElsewhere(ctx, row)) return forwardToOwner(ctx, row);
    ctx.set('Cache-Control', 'no-store');
    const { upload, duplicate } = await resumableFinisher(ctx.state.app, row.id, ctx.ip);
    ctx.body = { ...presentUpload(upload), duplicate };
  });
  router.delete('/uploads/resumable/:resumableId', tus, id, async (ctx) => {
    const row = await accessibleUpload(ctx);
    if (!row.upload_id && heldElsewhere(ctx, row)) {
      const lost = await forwardToOwner(ctx, row).then(
        () => false,
        (error: unknown) => {
          if (error instanceof AppError && error.status === 410) return true;
          throw error;
        },
      );
      // Nothing left to delete but the row and its reservation, which this instance can drop.
      if (!lost) return;
    }
    await resumableDiscarder(ctx.state.app, row.id);
    ctx.status = 204;
  });
  return router;
}
