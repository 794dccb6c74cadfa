import Router from '@koa/router';
import { adminListQuerySchema } from '@cairn/shared';
import { z } from 'zod';
import { adminFileLister } from '../../commands/admin/admin-file-lister';
import { adminFileRemover } from '../../commands/admin/admin-file-remover';
import type { AppState } from '../../koa-types';
import { requireAdmin } from '../../middleware/auth';
import { input, validate } from '../../middleware/validate';
import { presentAdminFile } from '../../presenters/admin';
import { listPage } from './paging';

const fileParams = z.object({ uploadId: z.string().min(1).max(100) });

export function adminFileRoutes() {
  const router = new Router<AppState>();

  router.get('/admin/files', requireAdmin(), validate({ query: adminListQuerySchema }), async (ctx) => {
    const { page, limit, query } = listPage(ctx);
    const { rows, total } = await adminFileLister(ctx.state.app, query);
    ctx.body = { files: rows.map(presentAdminFile), total, page, limit };
  });

  router.delete('/admin/files/:uploadId', requireAdmin(), validate({ params: fileParams }), async (ctx) => {
    const { uploadId } = input<undefined, undefined, z.infer<typeof fileParams>>(ctx).params;
    ctx.body = await adminFileRemover(ctx.state.app, ctx.state.user, uploadId, ctx.ip, ctx.state.requestId);
  });

  return router;
}
