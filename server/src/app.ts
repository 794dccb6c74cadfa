import Router from '@koa/router';
import Koa from 'koa';
import type { AppContext } from './context';
import type { AppState } from './koa-types';
import { accessLog } from './middleware/access-log';
import { crossOrigin } from './middleware/cors';
import { exactRoutesFirst } from './middleware/exact-routes-first';
import { ipLimit } from './middleware/ip-limit';
import { errorHandler } from './middleware/error-handler';
import { requestId } from './middleware/request-id';
import { securityHeaders } from './middleware/security-headers';
import { gatewayRoutes } from './gateway/index';
import { hostGateway } from './gateway/hosts/host-gateway';
import { adminRoutes } from './routes/admin/index';
import { authRoutes } from './routes/auth/index';
import { dagRoutes } from './routes/dag/index';
import { replicationRoutes } from './routes/replication/index';
import { docsRoutes } from './routes/docs/index';
import { localeRoutes } from './routes/locales/index';
import { paymentRoutes } from './routes/payments/index';
import { pinRoutes } from './routes/pins/index';
import { psaRoutes } from './routes/psa/index';
import { planRoutes } from './routes/plans/index';
import { referralRoutes } from './routes/referrals/index';
import { tokenRoutes } from './routes/tokens/index';
import { s3KeyRoutes } from './routes/s3-keys/index';
import { groupRoutes } from './routes/groups/index';
import { webhookRoutes } from './routes/webhooks/index';
import { nameRoutes } from './routes/names/index';
import { routingRoutes } from './routes/routing/index';
import { domainRoutes } from './routes/domains/index';
import { eventRoutes } from './routes/events/index';
import { uploadRoutes } from './routes/uploads/index';
import { userRoutes } from './routes/users/index';
import { healthRoutes } from './ops/health';
import { metricsRoutes } from './ops/metrics-route';
import { tlsAskRoutes } from './ops/tls-ask';
import { tusEndpoints } from './routes/uploads/tus-protocol';
import { staticFiles } from './web/static-files';

export const API_BASE = '/api/v2';

/** The API routers, mounted under /api/v2. */
export function apiRouter() {
  const api = new Router<AppState>({ prefix: API_BASE });
  for (const routes of [
    authRoutes(),
    userRoutes(),
    tokenRoutes(),
    localeRoutes(),
    uploadRoutes(),
    groupRoutes(),
    webhookRoutes(),
    nameRoutes(),
    domainRoutes(),
    s3KeyRoutes(),
    eventRoutes(),
    pinRoutes(),
    dagRoutes(),
    replicationRoutes(),
    adminRoutes(),
    planRoutes(),
    paymentRoutes(),
    referralRoutes(),
  ]) {
    api.use(routes.routes());
  }
  return api;
}

/** Builds the Koa application: request id → access log → security headers → errors → content hosts → CORS → routes → UI. */
export function createApp(app: AppContext): Koa<AppState> {
  const koa = new Koa<AppState>({ proxy: app.config.trustProxy });
  koa.silent = true;
  koa.use(async (ctx, next) => {
    ctx.state.app = app;
    await next();
  });
  koa.use(requestId());
  koa.use(accessLog());
  koa.use(securityHeaders(app.config.production));
  koa.use(errorHandler());
  // Content hosts (the subdomain gateway, custom domains) answer before any route of the app can.
  koa.use(hostGateway());
  koa.use(crossOrigin(app.config.corsOrigins));
  for (const ops of [healthRoutes(), metricsRoutes(), tlsAskRoutes()]) koa.use(ops.routes());
  const api = apiRouter();
  koa.use(ipLimit('api', [API_BASE]));
  koa.use(tusEndpoints());
  koa.use(exactRoutesFirst(api));
  koa.use(api.routes());
  // Sets 405 (or 501 for a method no route implements) with the `Allow` header of the matched
  // path, once every router below had its turn; the error handler makes it the JSON 405.
  koa.use(api.allowedMethods());
  koa.use(psaRoutes().middleware);
  const docs = docsRoutes();
  koa.use(docs.routes());
  const routing = routingRoutes();
  koa.use(routing.routes());
  koa.use(routing.allowedMethods());
  const gateway = gatewayRoutes();
  koa.use(gateway.routes());
  koa.use(staticFiles(app.config.staticDir));
  return koa;
}
