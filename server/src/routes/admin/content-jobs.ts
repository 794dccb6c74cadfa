import Router from '@koa/router';
import { adminContentJobQuerySchema, type AdminContentJobQuery } from '@cairn/shared';
import { z } from 'zod';
import { contentJobLister } from '../../commands/maintenance/content-job-lister';
import { contentJobRetrier } from '../../commands/maintenance/content-job-retrier';
import type { AppState } from '../../koa-types';
import { requireAdmin } from '../../middleware/auth';
import { input, validate } from '../../middleware/validate';
import { presentContentJob } from '../../presenters/content-job';

const jobParams = z.object({ id: z.string().min(1).max(100) });

/** The outbox of content-engine work, for operators: what waits, what failed, and a retry. */
export function adminContentJobRoutes() {
  const router = new Router<AppState>();

  router.get('/admin/content-jobs', requireAdmin(), validate({ query: adminContentJobQuerySchema }), async (ctx) => {
    const { page, limit, status } = input<undefined, AdminContentJobQuery>(ctx).query;
    const { rows, total } = await contentJobLister(ctx.state.app, { status, offset: (page - 1) * limit, limit });
    ctx.body = { jobs: rows.map(presentContentJob), total, page, limit };
  });

  router.post('/admin/content-jobs/:id/retry', requireAdmin(), validate({ params: jobParams }), async (ctx) => {
    const { id } = input<undefined, undefined, z.infer<typeof jobParams>>(ctx).params;
    const outcome = await contentJobRetrier(ctx.state.app, ctx.state.user, id, ctx.ip);
    ctx.body = { done: outcome.done, job: outcome.job ? presentContentJob(outcome.job) : null };
  });

  return router;
}
