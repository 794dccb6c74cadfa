import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@cairn/shared';
import type { Next } from 'koa';
import type { z } from 'zod';
import { AppError } from '../lib/errors';
import type { Ctx } from '../koa-types';

interface Schemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

function parse(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new AppError(400, 'validation_error', details[0]?.message ?? 'Invalid request', details);
}

/**
 * Refuses a request whose text holds NUL or an unpaired surrogate, wherever it is: a path
 * parameter, a query parameter, a JSON body, an object key, or text a schema decoded (the JSON of
 * `?meta=`). No store has to guard against them: PostgreSQL cannot take NUL at all.
 */
function refuseUnstorable(where: string, value: unknown): void {
  const at = findUnstorableText(value);
  if (at === null) return;
  const message = `${at || where} ${UNSTORABLE_TEXT_MESSAGE}`;
  throw new AppError(400, 'validation_error', message, [{ path: at, message }]);
}

/** What a `validate()` middleware checks; openapi-requests.test.ts holds openapi.yaml to it. */
export const VALIDATES = Symbol('validated schemas');

/**
 * Parses body, query and params with the shared zod schemas into `ctx.state.input`, after
 * refusing text no database can store in any of them, declared by the schemas or not.
 */
export function validate(schemas: Schemas) {
  const middleware = async (ctx: Ctx, next: Next) => {
    const params = (ctx as unknown as { params?: Record<string, string> }).params ?? {};
    refuseUnstorable('path', params);
    refuseUnstorable('query', ctx.query);
    refuseUnstorable('body', ctx.request.body);
    ctx.state.input = {
      // A JSON `null` is a body, and not an object: only a missing body counts as `{}`.
      body: schemas.body ? parse(schemas.body, ctx.request.body === undefined ? {} : ctx.request.body) : undefined,
      query: schemas.query ? parse(schemas.query, ctx.query) : undefined,
      params: schemas.params ? parse(schemas.params, params) : undefined,
    };
    refuseUnstorable('query', ctx.state.input.query);
    await next();
  };
  return Object.assign(middleware, { [VALIDATES]: schemas });
}

/** The validated input of a handler, typed by the schemas it was validated with. */
export function input<B = undefined, Q = undefined, P = undefined>(ctx: Ctx) {
  return ctx.state.input as { body: B; query: Q; params: P };
}
