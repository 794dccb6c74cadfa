import Router from '@koa/router';
import { signedUploadSchema, type SignedUploadInput } from '@cairn/shared';
import { resumableCreator } from '../../commands/content/resumable/resumable-creator';
import { signedUploadClaimer } from '../../commands/content/signed/signed-upload-claimer';
import { signedUploadCreator } from '../../commands/content/signed/signed-upload-creator';
import type { AppState, Ctx } from '../../koa-types';
import { limitedGroup } from '../../auth/scopes';
import { auth } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { passToTus } from './resumable';
import { tusProtocol } from './tus-protocol';
import { receiveFile } from './upload-handlers';

/**
 * One upload through a signed URL, with no Authorization header: a multipart `file` part as
 * `POST /upload` takes it, or (`resumable`) a tus creation continued at the upload URL it answers
 * with. It is charged to the URL's creator and capped at the URL's size. The URL's
 * use is taken before the upload starts and given back if nothing ends up recorded or created.
 */
async function uploadThroughSignedUrl(ctx: Ctx, resumable: boolean): Promise<void> {
  const claimed = await signedUploadClaimer(ctx.state.app, (ctx.params as { secret: string }).secret);
  ctx.state.user = claimed.user;
  const signed = { id: claimed.signed.id, maxBytes: Number(claimed.signed.max_bytes) };
  const customName = claimed.signed.name ?? undefined;
  try {
    if (resumable) {
      const { id, maxBytes } = await resumableCreator(ctx.state.app, claimed.user, {
        uploadLength: ctx.get('Upload-Length') || undefined,
        uploadMetadata: ctx.get('Upload-Metadata') || undefined,
        cidVersion: 1,
        customName,
        signed,
        groupId: claimed.signed.group_id,
      });
      await passToTus(ctx, id, maxBytes, true);
      if (ctx.res.statusCode !== 201) await claimed.release();
      return;
    }
    const group = claimed.signed.group_id;
    const extras = group ? { groupId: group, groupOnly: true } : undefined;
    const result = await receiveFile(ctx, { cidVersion: 1, customName, maxBytes: signed.maxBytes, extras });
    await claimed.recorded(result.upload.id);
  } catch (error) {
    await claimed.release();
    throw error;
  }
}

/** Signed upload URLs: a token holder creates one; whoever holds it uploads once, without the token. */
export function signedUploadRoutes() {
  const router = new Router<AppState>();
  router.post('/uploads/signed', auth('files:write', 'group'), jsonBody(), validate({ body: signedUploadSchema }), async (ctx) => {
    ctx.status = 201;
    const body = input<SignedUploadInput>(ctx).body;
    ctx.body = await signedUploadCreator(ctx.state.app, ctx.state.user, body, limitedGroup(ctx.state.auth));
  });
  // Meant for pages of other sites (CORS_ORIGINS): the secret in the URL is the only credential.
  // No schema: any text may be a secret (an unknown one is a 404), as long as it can be text at all.
  router.post('/uploads/signed/:secret', validate({}), (ctx) => uploadThroughSignedUrl(ctx, false));
  router.post('/uploads/signed/:secret/resumable', tusProtocol(), validate({}), (ctx) => uploadThroughSignedUrl(ctx, true));
  return router;
}
