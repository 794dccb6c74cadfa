import Router from '@koa/router';
import { adminSettingsSchema, type AdminSettingsInput } from '@cairn/shared';
import { adminSettingsReader, adminSettingsUpdater } from '../../commands/admin/admin-settings';
import type { AppState } from '../../koa-types';
import { requireAdmin } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';

// Scope: admin:*
export function adminSettingRoutes() {
  const router = new Router<AppState>();

  router.get('/admin/settings', requireAdmin(), async (ctx) => {
    ctx.body = await adminSettingsReader(ctx.state.app);
  });

  router.patch('/admin/settings', requireAdmin(), jsonBody(), validate({ body: adminSettingsSchema }), async (ctx) => {
    ctx.body = await adminSettingsUpdater(ctx.state.app, ctx.state.user, input<AdminSettingsInput>(ctx).body, ctx.ip);
  });

  return router;
}
