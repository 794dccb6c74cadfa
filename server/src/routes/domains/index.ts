import Router from '@koa/router';
import { domainCreateSchema, type DomainCreateInput } from '@cairn/shared';
import { z } from 'zod';
import { domainAdder } from '../../commands/domains/domain-adder';
import { domainLister, domainRemover, domainVerifier } from '../../commands/domains/domains';
import type { AppState, Ctx } from '../../koa-types';
import { auth } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { input, validate } from '../../middleware/validate';
import { presentDomain } from '../../presenters/domain';

const domainParams = z.object({ domainId: z.string().min(1, 'domainId is required').max(100) });
const domainId = (ctx: Ctx) => input<unknown, unknown, z.infer<typeof domainParams>>(ctx).params.domainId;

/** The account's custom domains. Full access only: a domain serves the account's content under a name of its own. */
export function domainRoutes() {
  const router = new Router<AppState>();

  router.get('/domains', auth('all'), async (ctx) => {
    ctx.body = { domains: (await domainLister(ctx.state.app, ctx.state.user.id)).map(presentDomain) };
  });

  router.post('/domains', auth('all'), jsonBody(), validate({ body: domainCreateSchema }), async (ctx) => {
    const row = await domainAdder(ctx.state.app, ctx.state.user.id, input<DomainCreateInput>(ctx).body);
    ctx.status = 201;
    ctx.body = presentDomain(row);
  });

  router.post('/domains/:domainId/verify', auth('all'), validate({ params: domainParams }), async (ctx) => {
    ctx.body = presentDomain(await domainVerifier(ctx.state.app, ctx.state.user.id, domainId(ctx)));
  });

  router.delete('/domains/:domainId', auth('all'), validate({ params: domainParams }), async (ctx) => {
    await domainRemover(ctx.state.app, ctx.state.user.id, domainId(ctx));
    ctx.body = { deleted: true };
  });

  return router;
}
