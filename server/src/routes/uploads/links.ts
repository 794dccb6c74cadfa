import Router from '@koa/router';
import { accessLinkSchema, privacySchema, type AccessLinkInput, type PrivacyInput } from '@cairn/shared';
import { z } from 'zod';
import { privacySetter } from '../../commands/content/privacy/privacy-setter';
import { uploadReader } from '../../commands/content/upload-reader';
import { linkBase, linkCreator, linkLister, linkRevoker, presentAccessLink } from '../../commands/links/link-creator';
import type { AppState, Ctx } from '../../koa-types';
import { limitedGroup } from '../../auth/scopes';
import { auth, authPrincipal } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentUpload } from '../../presenters/upload';

const uploadParams = z.object({ uploadId: z.string().min(1, 'uploadId is required').max(100) });
const linkParams = uploadParams.extend({ linkId: z.string().min(1, 'linkId is required').max(100) });
/** The record the path names, kept to the group of a token limited to one. */
const ownUpload = (ctx: Ctx) =>
  uploadReader(
    ctx.state.app,
    ctx.state.principal.id,
    input<unknown, unknown, z.infer<typeof uploadParams>>(ctx).params.uploadId,
    limitedGroup(ctx.state.auth) ?? undefined,
  );
const base = (ctx: Ctx) => linkBase(ctx.state.app, `${ctx.protocol}://${ctx.host}`);

/** A record's privacy and its signed access links. */
export function accessLinkRoutes() {
  const router = new Router<AppState>();

  router.put(
    '/files/:uploadId/privacy',
    auth('files:write', 'group'),
    jsonBody(),
    validate({ params: uploadParams, body: privacySchema }),
    async (ctx) => {
      const upload = await ownUpload(ctx);
      const { private: value } = input<PrivacyInput>(ctx).body;
      ctx.body = presentUpload(await privacySetter(ctx.state.app, ctx.state.user, upload, value, ctx.ip));
    },
  );

  router.get('/files/:uploadId/links', authPrincipal('files:read', 'group'), validate({ params: uploadParams }), async (ctx) => {
    const app = ctx.state.app;
    const links = await linkLister(app, await ownUpload(ctx));
    ctx.body = { links: await Promise.all(links.map((link) => presentAccessLink(app, link, base(ctx)))) };
  });

  router.post(
    '/files/:uploadId/links',
    auth('links:write', 'group'),
    jsonBody(),
    validate({ params: uploadParams, body: accessLinkSchema }),
    async (ctx) => {
      const upload = await ownUpload(ctx);
      const link = await linkCreator(ctx.state.app, ctx.state.user, upload, input<AccessLinkInput>(ctx).body, ctx.ip);
      ctx.status = 201;
      ctx.body = await presentAccessLink(ctx.state.app, link, base(ctx));
    },
  );

  router.delete('/files/:uploadId/links/:linkId', auth('links:write', 'group'), validate({ params: linkParams }), async (ctx) => {
    const upload = await ownUpload(ctx);
    const { linkId } = input<unknown, unknown, z.infer<typeof linkParams>>(ctx).params;
    await linkRevoker(ctx.state.app, ctx.state.user, upload, linkId, ctx.ip);
    ctx.status = 204;
  });
  return router;
}
