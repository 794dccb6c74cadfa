import Router from '@koa/router';
import { pageQuerySchema, type PageQuery } from '@cairn/shared';
import { z } from 'zod';
import { heldUpload } from '../../commands/held-content';
import type { AppState } from '../../koa-types';
import { authPrincipal } from '../../middleware/auth';
import { input, validate } from '../../middleware/validate';

const dagParams = z.object({ cid: z.string().min(1).max(200) });
/** The entries are in the DAG's order: there is nothing to search. */
const dagQuery = pageQuerySchema.omit({ search: true });

/** DAG viewer: totals and the entries of one of the account's CIDs, paged for big trees. */
export function dagRoutes() {
  const router = new Router<AppState>();

  router.get('/dag/:cid', authPrincipal(), validate({ params: dagParams, query: dagQuery }), async (ctx) => {
    const app = ctx.state.app;
    const { page, limit } = input<undefined, PageQuery>(ctx).query;
    const upload = await heldUpload(app, ctx.state.principal.id, input<unknown, unknown, z.infer<typeof dagParams>>(ctx).params.cid);
    const cid = upload.cid;
    const stat = await app.content.stat(cid);
    const listing =
      stat.type === 'directory'
        ? await app.content.ls(cid, { offset: (page - 1) * limit, limit, recursive: true })
        : { entries: [], total: 0 };
    ctx.body = {
      cid,
      uploadId: upload.id,
      name: upload.name,
      type: upload.type,
      totalFiles: stat.files,
      totalSize: stat.size,
      entries: listing.entries,
      total: listing.total,
      page,
      limit,
      gatewayUrl: `${app.config.publicGatewayUrl}/ipfs/${cid}`,
      localUrl: `/ipfs/${cid}`,
    };
  });

  return router;
}
