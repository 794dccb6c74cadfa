import Router from '@koa/router';
import { pinSchema, type PinInput } from '@cairn/shared';
import { z } from 'zod';
import { pinJobReader } from '../../commands/pins/pin-job-reader';
import { pinRequester } from '../../commands/pins/pin-requester';
import { AppError, isErrorCode } from '../../lib/errors';
import type { AppState } from '../../koa-types';
import { keptGroup, limitedGroup } from '../../auth/scopes';
import { auth, authPrincipal } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentPinJob } from '../../presenters/upload';

/** A pin that failed within the request answers with its error, as a synchronous pin would. */
function failedPin(code: string | null, message: string | null): AppError {
  const status = code === 'cid_not_found' ? 404 : code === 'quota_exceeded' ? 403 : code === 'name_taken' ? 409 : 422;
  return new AppError(status, isErrorCode(code) ? code : 'pin_failed', message ?? 'Pinning failed');
}

const pinParams = z.object({ id: z.string().min(1).max(100) });

/** Pin by CID: 201 when pinned within the request, 202 while the job keeps fetching. */
export function pinRoutes() {
  const router = new Router<AppState>();

  router.post('/pins', auth('pins:write', 'group'), jsonBody(), validate({ body: pinSchema }), async (ctx) => {
    const body = input<PinInput>(ctx).body;
    // A token limited to a group pins into it, and may not name another.
    const asked = { ...body, groupId: keptGroup(ctx.state.auth, body.groupId, 'pins:write') };
    const only = limitedGroup(ctx.state.auth);
    const { job, upload } = await pinRequester(ctx.state.app, ctx.state.user, asked, ctx.state.requestId, only);
    if (job.status === 'failed') throw failedPin(job.error_code, job.error);
    ctx.status = job.status === 'pinned' ? 201 : 202;
    ctx.body = presentPinJob(job, upload);
  });

  router.get('/pins/:id', authPrincipal('pins:write', 'group'), validate({ params: pinParams }), async (ctx) => {
    const { id } = input<unknown, unknown, z.infer<typeof pinParams>>(ctx).params;
    const { job, upload } = await pinJobReader(ctx.state.app, ctx.state.principal.id, id, limitedGroup(ctx.state.auth));
    ctx.body = presentPinJob(job, upload);
  });

  return router;
}
