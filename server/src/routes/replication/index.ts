import Router from '@koa/router';
import { z } from 'zod';
import { heldUpload } from '../../commands/content/held-upload-reader';
import type { AppState } from '../../koa-types';
import { authPrincipal } from '../../middleware/auth';
import { input, validate } from '../../middleware/validate';

const cidParams = z.object({ cid: z.string().min(1).max(200) });
type CidParams = z.infer<typeof cidParams>;

/**
 * Where the account's content is pinned: per-node status and the allocation of the pin, from
 * the engine (IPFS Cluster's peers; the single node on the embedded and Kubo engines).
 */
export function replicationRoutes() {
  const router = new Router<AppState>();

  router.get('/status/:cid', authPrincipal(), validate({ params: cidParams }), async (ctx) => {
    const app = ctx.state.app;
    const { cid } = await heldUpload(app, ctx.state.principal.id, input<unknown, unknown, CidParams>(ctx).params.cid);
    ctx.body = { cid, engine: app.content.engine, peers: await app.content.status(cid) };
  });

  router.get('/allocations/:cid', authPrincipal(), validate({ params: cidParams }), async (ctx) => {
    const app = ctx.state.app;
    const { cid } = await heldUpload(app, ctx.state.principal.id, input<unknown, unknown, CidParams>(ctx).params.cid);
    const allocation = await app.content.allocations(cid);
    ctx.body = {
      cid,
      engine: app.content.engine,
      peers: allocation?.peers ?? [],
      replicationMin: allocation?.replicationMin ?? 0,
      replicationMax: allocation?.replicationMax ?? 0,
    };
  });

  return router;
}
