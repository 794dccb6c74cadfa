import Router from '@koa/router';
import {
  groupListQuerySchema,
  groupMembersSchema,
  groupSchema,
  type GroupInput,
  type GroupMembersInput,
  type PageQuery,
} from '@cairn/shared';
import { z } from 'zod';
import {
  groupAdder,
  groupCreator,
  groupLister,
  groupMemberRemover,
  groupReader,
  groupRemover,
  groupRenamer,
} from '../../commands/groups/groups';
import type { AppState, Ctx } from '../../koa-types';
import { limitedGroup } from '../../auth/scopes';
import { auth } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentGroup } from '../../presenters/group';

const groupParams = z.object({ groupId: z.string().min(1, 'groupId is required').max(100) });
const groupId = (ctx: Ctx) => input<unknown, unknown, z.infer<typeof groupParams>>(ctx).params.groupId;

/** Groups of the account's records: the groups themselves, and which records each holds. */
export function groupRoutes() {
  const router = new Router<AppState>();

  router.get('/groups', auth('files:read', 'group'), validate({ query: groupListQuerySchema }), async (ctx) => {
    const { page, limit, search } = input<undefined, PageQuery>(ctx).query;
    const only = limitedGroup(ctx.state.auth);
    const { rows, total } = await groupLister(ctx.state.app, ctx.state.user.id, (page - 1) * limit, limit, search, only);
    ctx.body = { groups: rows.map(presentGroup), total, page, limit };
  });

  router.post('/groups', auth('groups:write'), jsonBody(), validate({ body: groupSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = presentGroup(await groupCreator(ctx.state.app, ctx.state.user, input<GroupInput>(ctx).body.name));
  });

  router.get('/groups/:groupId', auth('files:read', 'group'), validate({ params: groupParams }), async (ctx) => {
    ctx.body = presentGroup(await groupReader(ctx.state.app, ctx.state.user.id, groupId(ctx), limitedGroup(ctx.state.auth)));
  });

  router.patch('/groups/:groupId', auth('groups:write'), jsonBody(), validate({ params: groupParams, body: groupSchema }), async (ctx) => {
    ctx.body = presentGroup(await groupRenamer(ctx.state.app, ctx.state.user, groupId(ctx), input<GroupInput>(ctx).body.name));
  });

  router.delete('/groups/:groupId', auth('groups:write'), validate({ params: groupParams }), async (ctx) => {
    await groupRemover(ctx.state.app, ctx.state.user, groupId(ctx));
    ctx.body = { deleted: true };
  });

  router.post(
    '/groups/:groupId/uploads',
    auth('groups:write', 'group'),
    jsonBody(),
    validate({ params: groupParams, body: groupMembersSchema }),
    async (ctx) => {
      const only = limitedGroup(ctx.state.auth);
      ctx.body = { added: await groupAdder(ctx.state.app, ctx.state.user, groupId(ctx), input<GroupMembersInput>(ctx).body, only) };
    },
  );

  router.post(
    '/groups/:groupId/uploads/remove',
    auth('groups:write', 'group'),
    jsonBody(),
    validate({ params: groupParams, body: groupMembersSchema }),
    async (ctx) => {
      const only = limitedGroup(ctx.state.auth);
      ctx.body = {
        removed: await groupMemberRemover(ctx.state.app, ctx.state.user, groupId(ctx), input<GroupMembersInput>(ctx).body, only),
      };
    },
  );

  return router;
}
