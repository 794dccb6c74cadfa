import Router from '@koa/router';
import {
  nameCreateSchema,
  nameHistoryQuerySchema,
  namePublishSchema,
  nameRollbackSchema,
  nameUpdateSchema,
  type NameCreateInput,
  type NamePublishInput,
  type NameRollbackInput,
  type NameUpdateInput,
} from '@cairn/shared';
import { z } from 'zod';
import {
  nameCreator,
  nameHistoryReader,
  nameKeyExporter,
  nameLister,
  nameReader,
  nameRelabeller,
  nameRemover,
} from '../../commands/names/names';
import { nameRollbacker, namePublisher } from '../../commands/names/publish';
import { nameResolver } from '../../commands/names/routing';
import type { AppState, Ctx } from '../../koa-types';
import { auth } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentName, presentPublication } from '../../presenters/name';

const nameParams = z.object({ nameId: z.string().min(1, 'nameId is required').max(100) });
const resolveParams = z.object({ name: z.string().min(1, 'name is required').max(200) });
const nameId = (ctx: Ctx) => input<unknown, unknown, z.infer<typeof nameParams>>(ctx).params.nameId;

/** The account's IPNS names: keys, publications, history and rollback; and resolving any name held here. */
export function nameRoutes() {
  const router = new Router<AppState>();

  router.get('/names', auth('files:read'), async (ctx) => {
    ctx.body = { names: (await nameLister(ctx.state.app, ctx.state.user.id)).map(presentName) };
  });

  router.post('/names', auth('pins:write'), jsonBody(), validate({ body: nameCreateSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = presentName(await nameCreator(ctx.state.app, ctx.state.user.id, input<NameCreateInput>(ctx).body));
  });

  router.get('/resolve/:name', auth('files:read'), validate({ params: resolveParams }), async (ctx) => {
    const { name } = input<unknown, unknown, z.infer<typeof resolveParams>>(ctx).params;
    const resolved = await nameResolver(ctx.state.app, name);
    ctx.body = {
      name: resolved.name,
      value: resolved.value,
      sequence: Number(resolved.sequence),
      ttlSeconds: resolved.ttlSeconds,
      validUntil: resolved.validUntil,
    };
  });

  router.get('/names/:nameId', auth('files:read'), validate({ params: nameParams }), async (ctx) => {
    ctx.body = presentName(await nameReader(ctx.state.app, ctx.state.user.id, nameId(ctx)));
  });

  router.patch('/names/:nameId', auth('pins:write'), jsonBody(), validate({ params: nameParams, body: nameUpdateSchema }), async (ctx) => {
    const { label } = input<NameUpdateInput>(ctx).body;
    ctx.body = presentName(await nameRelabeller(ctx.state.app, ctx.state.user.id, nameId(ctx), label));
  });

  router.delete('/names/:nameId', auth('pins:write'), validate({ params: nameParams }), async (ctx) => {
    await nameRemover(ctx.state.app, ctx.state.user.id, nameId(ctx));
    ctx.body = { deleted: true };
  });

  router.post(
    '/names/:nameId/publish',
    auth('pins:write'),
    jsonBody(),
    validate({ params: nameParams, body: namePublishSchema }),
    async (ctx) => {
      ctx.body = presentName(await namePublisher(ctx.state.app, ctx.state.user.id, nameId(ctx), input<NamePublishInput>(ctx).body));
    },
  );

  router.get('/names/:nameId/history', auth('files:read'), validate({ params: nameParams, query: nameHistoryQuerySchema }), async (ctx) => {
    const { limit } = input<unknown, z.infer<typeof nameHistoryQuerySchema>>(ctx).query;
    ctx.body = { publications: (await nameHistoryReader(ctx.state.app, ctx.state.user.id, nameId(ctx), limit)).map(presentPublication) };
  });

  router.post(
    '/names/:nameId/rollback',
    auth('pins:write'),
    jsonBody(),
    validate({ params: nameParams, body: nameRollbackSchema }),
    async (ctx) => {
      ctx.body = presentName(await nameRollbacker(ctx.state.app, ctx.state.user.id, nameId(ctx), input<NameRollbackInput>(ctx).body));
    },
  );

  router.get('/names/:nameId/key', auth('all'), validate({ params: nameParams }), async (ctx) => {
    ctx.body = await nameKeyExporter(ctx.state.app, ctx.state.user.id, nameId(ctx));
  });

  return router;
}
