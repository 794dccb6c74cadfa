import Router from '@koa/router';
import { engineGcReader } from '../../commands/engine-gc/engine-gc-reader';
import { engineGcRequester } from '../../commands/engine-gc/engine-gc-requester';
import type { AppState } from '../../koa-types';
import { requireAdmin } from '../../middleware/auth';
import { presentEngineGcRun } from '../../presenters/engine-gc';

/** The content engine's garbage collection, for operators: its runs and schedule, and a run now. */
export function adminEngineGcRoutes() {
  const router = new Router<AppState>();
  const startedAt = Date.now();

  router.get('/admin/engine/gc', requireAdmin(), async (ctx) => {
    const overview = await engineGcReader(ctx.state.app, startedAt);
    ctx.body = { ...overview, runs: overview.runs.map(presentEngineGcRun) };
  });

  router.post('/admin/engine/gc', requireAdmin(), async (ctx) => {
    const run = await engineGcRequester(ctx.state.app, ctx.state.user, ctx.ip);
    ctx.status = 202;
    ctx.body = { run: presentEngineGcRun(run) };
  });

  return router;
}
