import Router from '@koa/router';
import { adminListQuerySchema } from '@cairn/shared';
import { z } from 'zod';
import { adminTokenLister } from '../../commands/admin/admin-token-lister';
import { adminTokenRevoker } from '../../commands/admin/admin-token-revoker';
import type { AppState } from '../../koa-types';
import { requireAdmin } from '../../middleware/auth';
import { input, validate } from '../../middleware/validate';
import { presentAdminToken } from '../../presenters/admin';
import { listPage } from './paging';

const tokenParams = z.object({ id: z.string().min(1).max(100) });

export function adminTokenRoutes() {
  const router = new Router<AppState>();

  router.get('/admin/tokens', requireAdmin(), validate({ query: adminListQuerySchema }), async (ctx) => {
    const { page, limit, query } = listPage(ctx);
    const { rows, total } = await adminTokenLister(ctx.state.app, query);
    const now = new Date().toISOString();
    ctx.body = { tokens: rows.map((row) => presentAdminToken(row, now)), total, page, limit };
  });

  router.delete('/admin/tokens/:id', requireAdmin(), validate({ params: tokenParams }), async (ctx) => {
    const { id } = input<undefined, undefined, z.infer<typeof tokenParams>>(ctx).params;
    ctx.body = presentAdminToken(await adminTokenRevoker(ctx.state.app, ctx.state.user, id, ctx.ip));
  });

  return router;
}
