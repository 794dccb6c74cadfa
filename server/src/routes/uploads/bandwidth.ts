import Router from '@koa/router';
import { bandwidthQuerySchema, type BandwidthQuery } from '@cairn/shared';
import { z } from 'zod';
import { bandwidthReader, recordBandwidthReader } from '../../commands/bandwidth/bandwidth-reader';
import { uploadReader } from '../../commands/content/upload-reader';
import type { AppState } from '../../koa-types';
import { limitedGroup } from '../../auth/scopes';
import { auth, authPrincipal } from '../../middleware/auth';
import { input, validate } from '../../middleware/validate';

const uploadParams = z.object({ uploadId: z.string().min(1, 'uploadId is required').max(100) });

/** What the gateway sent for the account's records: the account's month and days, and one record's days. */
export function bandwidthRoutes() {
  const router = new Router<AppState>();

  // The account's top records name files of every group: a token limited to one group is refused.
  router.get('/users/me/usage/bandwidth', auth('files:read'), validate({ query: bandwidthQuerySchema }), async (ctx) => {
    ctx.body = await bandwidthReader(ctx.state.app, ctx.state.user, input<unknown, BandwidthQuery>(ctx).query);
  });

  router.get(
    '/uploads/:uploadId/bandwidth',
    authPrincipal('files:read', 'group'),
    validate({ params: uploadParams, query: bandwidthQuerySchema }),
    async (ctx) => {
      const { params, query } = input<unknown, BandwidthQuery, z.infer<typeof uploadParams>>(ctx);
      const upload = await uploadReader(ctx.state.app, ctx.state.principal.id, params.uploadId, limitedGroup(ctx.state.auth) ?? undefined);
      ctx.body = await recordBandwidthReader(ctx.state.app, upload, query);
    },
  );

  return router;
}
