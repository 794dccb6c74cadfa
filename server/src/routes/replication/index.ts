import Router from '@koa/router';
import { z } from 'zod';
import { allocationReader } from '../../commands/content/allocation-reader';
import { peerStatusReader } from '../../commands/content/peer-status-reader';
import type { AppState } from '../../koa-types';
import { limitedGroup } from '../../auth/scopes';
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

  router.get('/status/:cid', authPrincipal('files:read', 'group'), validate({ params: cidParams }), async (ctx) => {
    ctx.body = await peerStatusReader(
      ctx.state.app,
      ctx.state.principal.id,
      input<unknown, unknown, CidParams>(ctx).params.cid,
      limitedGroup(ctx.state.auth) ?? undefined,
    );
  });

  router.get('/allocations/:cid', authPrincipal('files:read', 'group'), validate({ params: cidParams }), async (ctx) => {
    ctx.body = await allocationReader(
      ctx.state.app,
      ctx.state.principal.id,
      input<unknown, unknown, CidParams>(ctx).params.cid,
      limitedGroup(ctx.state.auth) ?? undefined,
    );
  });

  return router;
}
