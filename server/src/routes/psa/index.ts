import Router from '@koa/router';
import type { Next } from 'koa';
import { psaPinCreator } from '../../commands/psa/psa-pin-creator';
import { psaPinLister } from '../../commands/psa/psa-pin-lister';
import { psaPinReader } from '../../commands/psa/psa-pin-reader';
import { psaPinRemover } from '../../commands/psa/psa-pin-remover';
import { psaStatusReader } from '../../commands/psa/psa-status-reader';
import { parseCid } from '../../content/cid';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import type { AppState, Ctx } from '../../koa-types';
import { limitedGroup } from '../../auth/scopes';
import { auth } from '../../middleware/auth';
import { ipLimit } from '../../middleware/ip-limit';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentPsaPin } from '../../presenters/psa';
import type { PsaPinView } from '../../stores/psa-pin-store';
import { psaErrors } from './errors';
import { psaListSchema, psaParams, psaPinSchema, type PsaListQuery, type PsaPinBody } from './schemas';

/** Where the Pinning Service API is served: its clients are given `<PUBLIC_URL>/psa` as the endpoint. */
const PSA_BASE = '/psa';

type Params = { requestid: string };

async function present(app: AppContext, pins: PsaPinView[]) {
  const { meta, delegates } = await psaStatusReader(app, pins);
  return pins.map((pin) => presentPsaPin(pin, meta.get(pin.requestid) ?? {}, delegates(pin)));
}

/** The request the path names, kept to the group of a token limited to one. */
const pinOf = (ctx: Ctx): Promise<PsaPinView> =>
  psaPinReader(ctx.state.app, ctx.state.user, input<unknown, unknown, Params>(ctx).params.requestid, limitedGroup(ctx.state.auth));

function pinRouter() {
  const router = new Router<AppState>({ prefix: PSA_BASE });

  router.get('/pins', auth('psa', 'group'), validate({ query: psaListSchema }), async (ctx) => {
    const query = input<unknown, PsaListQuery>(ctx).query;
    const { count, rows } = await psaPinLister(
      ctx.state.app,
      ctx.state.user,
      {
        cids: query.cid?.map((cid) => parseCid(cid).toString()),
        name: query.name !== undefined ? { value: query.name, match: query.match } : undefined,
        statuses: query.status,
        before: query.before && new Date(query.before).toISOString(),
        after: query.after && new Date(query.after).toISOString(),
        meta: query.meta,
        limit: query.limit,
      },
      limitedGroup(ctx.state.auth),
    );
    ctx.body = { count, results: await present(ctx.state.app, rows) };
  });

  router.post('/pins', auth('psa', 'group'), jsonBody(), validate({ body: psaPinSchema }), async (ctx) => {
    const pin = await psaPinCreator(ctx.state.app, ctx.state.user, input<PsaPinBody>(ctx).body, null, ctx.state.requestId, ctx.state.auth);
    ctx.status = 202;
    [ctx.body] = await present(ctx.state.app, [pin]);
  });

  router.get('/pins/:requestid', auth('psa', 'group'), validate({ params: psaParams }), async (ctx) => {
    [ctx.body] = await present(ctx.state.app, [await pinOf(ctx)]);
  });

  // Replace: the old request is gone at once; its content and record stay until the new one is done.
  router.post('/pins/:requestid', auth('psa', 'group'), jsonBody(), validate({ params: psaParams, body: psaPinSchema }), async (ctx) => {
    const old = await pinOf(ctx);
    const pin = await psaPinCreator(
      ctx.state.app,
      ctx.state.user,
      input<PsaPinBody>(ctx).body,
      old.requestid,
      ctx.state.requestId,
      ctx.state.auth,
    );
    ctx.status = 202;
    [ctx.body] = await present(ctx.state.app, [pin]);
  });

  router.delete('/pins/:requestid', auth('psa', 'group'), validate({ params: psaParams }), async (ctx) => {
    await psaPinRemover(ctx.state.app, ctx.state.user, (await pinOf(ctx)).requestid, ctx.ip, ctx.state.requestId);
    // The spec's 202 has no body: an explicit null keeps Koa from writing the status text.
    ctx.body = null;
    ctx.status = 202;
  });

  return router;
}

/**
 * The IPFS Pinning Service API under `/psa`, authenticated with Cairn's API tokens (or a session)
 * as `Authorization: Bearer`. Everything under `/psa`, unknown paths included, answers errors in
 * the spec's shape.
 */
export function psaRoutes() {
  const router = pinRouter();
  const routes = router.routes();
  const notAllowed = () => new AppError(405, 'method_not_allowed', 'Method not allowed');
  // Sets 405 (or 501) with the path's `Allow`; the body is the spec's error, below.
  const allowed = router.allowedMethods();
  const errors = psaErrors();
  const limitIp = ipLimit('psa', [PSA_BASE]);
  const middleware = (ctx: Ctx, next: Next) => {
    if (ctx.path !== PSA_BASE && !ctx.path.startsWith(`${PSA_BASE}/`)) return next();
    // The router's middleware is typed for its own context; it is the same Koa context at run time.
    const routerCtx = ctx as never;
    return errors(ctx, async () => {
      await limitIp(ctx, async () => undefined);
      await allowed(routerCtx, () => routes(routerCtx, async () => undefined));
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body == null) throw notAllowed();
    });
  };
  return { router, middleware };
}
