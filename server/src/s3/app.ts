import crypto from 'node:crypto';
import Koa, { type Next } from 'koa';
import type { AppContext } from '../context';
import type { AppError } from '../lib/errors';
import { clientError } from '../lib/error-answers';
import { ContentAbortedError } from '../content/errors';
import { isQuotaRefusal, reportQuotaRefusal } from '../commands/webhooks/quota-refusals';
import { authenticate } from './auth';
import { dispatch } from './dispatch';
import { S3Error, s3Errors } from './errors';
import type { S3Ctx, S3State } from './types';
import { toXml } from './xml';

/** Cairn's own errors met on the S3 path (an upload over the plan, a restart) as S3 names them. */
export function asS3Error(error: AppError): S3Error {
  switch (error.code) {
    case 'quota_exceeded':
      return s3Errors.quotaExceeded();
    case 'file_too_large':
      return new S3Error('EntityTooLarge', 400, error.message);
    case 'account_disabled':
      return s3Errors.accessDenied('The account is disabled');
    case 'shutting_down':
    case 'content_unavailable':
      return s3Errors.serviceUnavailable(error.message);
    case 'rate_limited':
    case 'too_many_uploads':
      return s3Errors.slowDown();
    default:
      return new S3Error(error.status >= 500 ? 'InternalError' : 'InvalidRequest', error.status, error.message);
  }
}

/** Every failure as S3's XML error with the request id; anything unexpected is logged and a 500. */
function errors() {
  return async (ctx: S3Ctx, next: Next) => {
    try {
      await next();
    } catch (caught) {
      // An import aborted on purpose (server stopping, client gone) carries the answer as its reason.
      const raw =
        caught instanceof ContentAbortedError && (caught.reason instanceof S3Error || clientError(caught.reason)) ? caught.reason : caught;
      if (ctx.headerSent || !ctx.writable) {
        ctx.state.app.logger.warn('error after response started', { requestId: ctx.state.requestId, error: String(raw) });
        return;
      }
      const known = raw instanceof S3Error ? undefined : clientError(raw);
      if (known && isQuotaRefusal(known.code) && ctx.state.user) reportQuotaRefusal(ctx.state.app, ctx.state.user);
      let error: S3Error;
      if (raw instanceof S3Error) error = raw;
      else if (known) error = asS3Error(known);
      else {
        ctx.state.app.logger.error('s3 request failed', {
          requestId: ctx.state.requestId,
          method: ctx.method,
          error: raw instanceof Error ? raw.stack : String(raw),
        });
        error = s3Errors.internalError();
      }
      // A refusal for the request rate says when to come back, as the API's does.
      if (known?.headers) ctx.set(known.headers);
      if (error.status === 503 && !ctx.response.get('Retry-After')) ctx.set('Retry-After', '1');
      if (ctx.method === 'HEAD') {
        // Koa makes a null body a 204: the status goes after it.
        ctx.body = null;
        ctx.status = error.status;
        return;
      }
      ctx.status = error.status;
      ctx.type = 'application/xml';
      const resource = ctx.path;
      ctx.body = toXml(
        'Error',
        { Code: error.code, Message: error.message, ...error.extra, Resource: resource, RequestId: ctx.state.requestId },
        false,
      );
    }
  };
}

/** One line per request, as the main app logs: the operation's method, never the raw URL (a presigned one carries its signature). */
function accessLog() {
  return async (ctx: S3Ctx, next: Next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.app.metrics.request(ctx.method, 's3', ctx.status, ms);
      ctx.state.app.logger.info('request', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        route: 's3',
        status: ctx.status,
        ms: Math.round(ms * 10) / 10,
        userId: ctx.state.user?.id ?? null,
      });
    }
  };
}

/** The S3-compatible API: its own Koa app on `S3_PORT`, sharing the app context with the main one. */
export function createS3App(app: AppContext): Koa<S3State> {
  const koa = new Koa<S3State>();
  koa.proxy = app.config.trustProxy;
  koa.use(async (ctx, next) => {
    ctx.state.app = app;
    ctx.state.requestId = crypto.randomBytes(8).toString('hex').toUpperCase();
    ctx.set('x-amz-request-id', ctx.state.requestId);
    ctx.set('x-amz-id-2', ctx.state.requestId);
    ctx.set('Server', 'Cairn');
    await next();
  });
  koa.use(accessLog());
  koa.use(errors());
  koa.use(authenticate());
  koa.use(dispatch());
  return koa;
}
