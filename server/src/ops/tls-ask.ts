import Router from '@koa/router';
import { z } from 'zod';
import { domainTarget } from '../commands/domains/domain-target';
import { hostnameOf } from '../lib/hostnames';
import { notFound } from '../lib/errors';
import type { AppState } from '../koa-types';
import { input, validate } from '../middleware/validate';

const askQuery = z.object({ domain: z.string().min(1, 'domain is required').max(300) });

/**
 * `/tls/allowed?domain=<host>`: whether a reverse proxy that obtains certificates on demand (Caddy's
 * `on_demand_tls { ask … }`) may obtain one for `host`: 200 for a verified custom domain whose
 * DNSLink still names its target, and for the subdomain gateway's own domain; 404 for any other
 * name, so that nobody can have certificates issued for names this deployment does not serve.
 */
export function tlsAskRoutes() {
  const router = new Router<AppState>();
  router.get('/tls/allowed', validate({ query: askQuery }), async (ctx) => {
    const app = ctx.state.app;
    const host = hostnameOf(input<unknown, z.infer<typeof askQuery>>(ctx).query.domain);
    ctx.set('Cache-Control', 'no-store');
    const allowed = host !== '' && (host === app.config.gatewayDomain || (await domainTarget(app, host)) !== null);
    if (!allowed)
      throw notFound(
        'not_found',
        `No certificate is wanted for "${host}": it is neither a verified custom domain nor the gateway's domain`,
      );
    ctx.body = { allowed: true };
  });
  return router;
}
