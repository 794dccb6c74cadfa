import type { Next } from 'koa';
import { resolveS3Key } from '../commands/s3-keys/s3-key-resolver';
import { addressOf } from './address';
import { s3Errors } from './errors';
import { verifiedPayload, verifySignature } from './sigv4/index';
import type { S3Ctx } from './types';

/** Methods a read-only key may use: reads and lists. */
const READS = new Set(['GET', 'HEAD']);

/** The raw path and query as the client signed them (Koa's `ctx.path` is decoded). */
function rawTarget(url: string | undefined): { rawPath: string; rawQuery: string } {
  const target = url ?? '/';
  const mark = target.indexOf('?');
  return mark === -1 ? { rawPath: target, rawQuery: '' } : { rawPath: target.slice(0, mark), rawQuery: target.slice(mark + 1) };
}

/**
 * Every S3 request is signed (Signature V4, in the header or the query): the key must exist, its
 * account be active, and a read-only key only read. Sets the signer, the address, and the payload
 * as a stream that checks what the signature covers as it is read. Counted against the client
 * IP's limit before the signature is checked, and against the key's (its account's plan raising
 * it) once the key is known to be the signer's: a stranger cannot spend another's allowance.
 */
export function authenticate() {
  return async (ctx: S3Ctx, next: Next) => {
    const app = ctx.state.app;
    await app.requestLimits.byIp('s3', ctx.ip);
    const { rawPath, rawQuery } = rawTarget(ctx.req.url);
    let signer: Awaited<ReturnType<typeof resolveS3Key>> = null;
    const verified = await verifySignature(
      { method: ctx.method, rawPath, rawQuery, headers: ctx.req.headers, now: new Date(), region: app.config.s3!.region },
      async (accessKeyId) => {
        signer = await resolveS3Key(app, accessKeyId);
        return signer && { secret: signer.secret };
      },
    );
    const found = signer as Awaited<ReturnType<typeof resolveS3Key>>;
    if (!found || found.key.access_key_id !== verified.accessKeyId) throw s3Errors.invalidAccessKeyId();
    const user = await app.stores.users.findById(found.key.user_id);
    if (!user || user.status !== 'active') throw s3Errors.accessDenied('The account is disabled');
    await app.requestLimits.byCredential('s3', `s3key:${found.key.id}`, user.plan_code);
    if (found.key.read_only && !READS.has(ctx.method)) throw s3Errors.accessDenied('This access key may only read');
    const address = addressOf(ctx.get('Host'), rawPath, app.config.s3!.hostName);
    const decodedLength = ctx.get('x-amz-decoded-content-length') || ctx.get('Content-Length');
    ctx.state.user = user;
    ctx.state.key = found.key;
    ctx.state.bucketName = address.bucket;
    ctx.state.objectKey = address.key;
    ctx.state.payload = verifiedPayload(verified, ctx.req);
    ctx.state.payloadLength = /^\d{1,16}$/.test(decodedLength) ? Number(decodedLength) : null;
    await next();
  };
}
