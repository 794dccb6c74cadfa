import Router from '@koa/router';
import { dagQuerySchema, type DagQuery } from '@cairn/shared';
import { z } from 'zod';
import { dagReader } from '../../commands/content/dag-reader';
import type { AppState } from '../../koa-types';
import { limitedGroup } from '../../auth/scopes';
import { authPrincipal } from '../../middleware/auth';
import { input, validate } from '../../middleware/validate';

const dagParams = z.object({ cid: z.string().min(1).max(200) });

/** DAG viewer: totals and the entries of one of the account's CIDs, paged for big trees, one folder at a time if asked. */
export function dagRoutes() {
  const router = new Router<AppState>();

  router.get('/dag/:cid', authPrincipal('files:read', 'group'), validate({ params: dagParams, query: dagQuerySchema }), async (ctx) => {
    const { params, query } = input<undefined, DagQuery, z.infer<typeof dagParams>>(ctx);
    ctx.body = await dagReader(ctx.state.app, ctx.state.principal.id, params.cid, query, limitedGroup(ctx.state.auth) ?? undefined);
  });

  return router;
}
