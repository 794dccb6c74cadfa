import Router from '@koa/router';
import {
  normalizeIp,
  passwordChangeSchema,
  preferencesSchema,
  profileUpdateSchema,
  type PasswordChangeInput,
  type PreferencesInput,
  type ProfileUpdateInput,
} from '@cairn/shared';
import { passwordChanger } from '../../commands/accounts/password-changer';
import { preferencesUpdater } from '../../commands/accounts/preferences-updater';
import { profileUpdater } from '../../commands/accounts/profile-updater';
import type { AppState } from '../../koa-types';
import { auth } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentPreferences, presentUser } from '../../presenters/user';
import { twoFactorRoutes } from './two-factor';

export function userRoutes() {
  const router = new Router<AppState>();

  router.get('/users/me', auth('any'), (ctx) => {
    ctx.body = presentUser(ctx.state.user);
  });

  router.put('/users/me', auth('all'), jsonBody(), validate({ body: profileUpdateSchema }), async (ctx) => {
    const user = await profileUpdater(ctx.state.app, ctx.state.user, input<ProfileUpdateInput>(ctx).body, ctx.ip);
    ctx.body = presentUser(user);
  });

  router.put('/users/me/password', auth('all'), jsonBody(), validate({ body: passwordChangeSchema }), async (ctx) => {
    await passwordChanger(ctx.state.app, ctx.state.user, ctx.state.auth, input<PasswordChangeInput>(ctx).body, ctx.ip);
    ctx.status = 204;
  });

  // The address an IP-restricted token would be checked against, for the "use my current IP" helper.
  router.get('/users/me/ip', auth('any'), (ctx) => {
    ctx.body = { ip: normalizeIp(ctx.ip) };
  });

  router.get('/users/me/preferences', auth('all'), (ctx) => {
    ctx.body = presentPreferences(ctx.state.user);
  });

  router.put('/users/me/preferences', auth('all'), jsonBody(), validate({ body: preferencesSchema }), async (ctx) => {
    const user = await preferencesUpdater(ctx.state.app, ctx.state.user, input<PreferencesInput>(ctx).body, ctx.ip);
    ctx.body = presentPreferences(user);
  });

  router.use(twoFactorRoutes().routes());
  return router;
}
