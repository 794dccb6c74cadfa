import { MAX_FILE_BYTES } from '@cairn/shared';
import type { Next } from 'koa';
import { RESUMABLE_PATH } from './tus-server';
import { SIGNED_UPLOAD_PATH } from '../../commands/content/signed/signed-upload-creator';
import { AppError } from '../../lib/errors';
import type { Ctx } from '../../koa-types';

/** The one version of the tus protocol the server speaks. */
const TUS_VERSION = '1.0.0';
const TUS_EXTENSIONS = 'creation,expiration,termination';
const PATCH_TYPE = 'application/offset+octet-stream';

const CREATION_URL = new RegExp(`^${RESUMABLE_PATH}$`);
const UPLOAD_URL = new RegExp(`^${RESUMABLE_PATH}/[^/]+$`);
const SIGNED_CREATION_URL = new RegExp(`^${SIGNED_UPLOAD_PATH}/[^/]+/resumable$`);
const OVERRIDABLE = new Set(['PATCH', 'HEAD', 'DELETE']);

/**
 * tus 1.0's rules for a request, checked before anything is done with it (the tus server would
 * answer some of them otherwise, and Cairn answers some requests itself): every answer says the
 * version spoken (`Tus-Resumable`); a version the server does not speak is `412` with
 * `Tus-Version`, and the request is not processed; a `PATCH` carries its bytes as
 * `application/offset+octet-stream` (else `415`) at an `Upload-Offset` (else `400`).
 */
export function tusProtocol() {
  return async (ctx: Ctx, next: Next) => {
    ctx.set('Tus-Resumable', TUS_VERSION);
    const version = ctx.get('Tus-Resumable');
    if (version && version !== TUS_VERSION) {
      throw new AppError(412, 'tus_version_unsupported', `This server speaks tus ${TUS_VERSION} only`, undefined, {
        'Tus-Version': TUS_VERSION,
      });
    }
    if (ctx.method === 'PATCH') {
      if (ctx.get('Content-Type') !== PATCH_TYPE) {
        throw new AppError(415, 'unsupported_media_type', `Send the bytes of a PATCH as ${PATCH_TYPE}`);
      }
      if (!/^\d{1,16}$/.test(ctx.get('Upload-Offset'))) {
        throw new AppError(400, 'invalid_upload_offset', 'Send the offset the bytes go at as Upload-Offset');
      }
    }
    await next();
  };
}

/**
 * What tus asks of requests the routers alone would answer otherwise: `OPTIONS` on a tus URL tells
 * the version, the extensions and (where there is one) the size cap, besides the `Allow` the router
 * gives; a client that cannot send `PATCH`, `HEAD` or `DELETE` may send a `POST` to an upload's
 * URL naming the method in `X-HTTP-Method-Override`, which the server must then take as the
 * request's method. Runs before the routers.
 */
export function tusEndpoints() {
  return async (ctx: Ctx, next: Next) => {
    const path = ctx.path;
    if (ctx.method === 'OPTIONS' && (CREATION_URL.test(path) || UPLOAD_URL.test(path) || SIGNED_CREATION_URL.test(path))) {
      ctx.set({ 'Tus-Version': TUS_VERSION, 'Tus-Extension': TUS_EXTENSIONS });
      // A signed URL's cap is its own, known once the URL is read.
      if (!SIGNED_CREATION_URL.test(path)) ctx.set('Tus-Max-Size', String(MAX_FILE_BYTES));
    }
    const override = ctx.get('X-HTTP-Method-Override').trim().toUpperCase();
    if (ctx.method === 'POST' && OVERRIDABLE.has(override) && UPLOAD_URL.test(path)) {
      // Koa sets it on the request itself, where the tus server reads it too.
      ctx.method = override;
    }
    await next();
  };
}
