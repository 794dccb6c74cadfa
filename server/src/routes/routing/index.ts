import Router from '@koa/router';
import { nameResolver, providersFinder, routingRecordImporter } from '../../commands/names/routing';
import { gatewayCors } from '../../gateway/headers';
import { AppError } from '../../lib/errors';
import type { AppState, Ctx } from '../../koa-types';
import { readRawBody } from '../../middleware/raw-body';
import { cacheSecondsOf, IPNS_RECORD_TYPE } from '../../gateway/serve-ipns-record';

/** The largest IPNS record the spec lets a resolver accept. */
const RECORD_MAX_BYTES = 10 * 1024;
/** How long an answer about providers may be cached: content held here stays held for a while. */
const PROVIDERS_MAX_AGE = 300;

async function getIpns(ctx: Ctx): Promise<void> {
  routingCors(ctx);
  await ctx.state.app.requestLimits.byIp('gateway', ctx.ip);
  const resolved = await nameResolver(ctx.state.app, ctx.params.name!);
  ctx.set('Cache-Control', `public, max-age=${cacheSecondsOf(resolved, ctx.state.app.clock.now())}`);
  ctx.set('Vary', 'Accept');
  ctx.type = IPNS_RECORD_TYPE;
  ctx.body = Buffer.from(resolved.record.record, 'base64');
}

async function putIpns(ctx: Ctx): Promise<void> {
  routingCors(ctx);
  await ctx.state.app.requestLimits.byIp('gateway', ctx.ip);
  if (!ctx.is(IPNS_RECORD_TYPE)) throw new AppError(415, 'unsupported_media_type', `Send the record as ${IPNS_RECORD_TYPE}`);
  const bytes = await readRawBody(ctx, RECORD_MAX_BYTES);
  await routingRecordImporter(ctx.state.app, ctx.params.name!, bytes);
  ctx.status = 200;
  ctx.body = '';
}

/**
 * Whether `filter-protocols` (IPIP-484) lets bitswap providers through: absent, or naming
 * `transport-bitswap` (or `unknown`) without excluding it.
 */
function wantedProtocols(ctx: Ctx): boolean {
  const raw = ctx.query['filter-protocols'];
  if (typeof raw !== 'string' || raw === '') return true;
  if (raw.length > 1000) throw new AppError(400, 'invalid_parameter', 'filter-protocols has at most 1000 characters');
  const filters = raw.split(',').map((item) => item.trim().toLowerCase());
  if (filters.includes('!transport-bitswap')) return false;
  const wanted = filters.filter((item) => !item.startsWith('!'));
  return wanted.length === 0 || wanted.includes('transport-bitswap') || wanted.includes('unknown');
}

async function getProviders(ctx: Ctx): Promise<void> {
  gatewayCors(ctx);
  await ctx.state.app.requestLimits.byIp('gateway', ctx.ip);
  const providers = wantedProtocols(ctx) ? await providersFinder(ctx.state.app, ctx.params.cid!) : [];
  ctx.set('Cache-Control', `public, max-age=${PROVIDERS_MAX_AGE}`);
  ctx.set('Vary', 'Accept');
  if (
    ctx.accepts('application/json', 'application/x-ndjson') === 'application/x-ndjson' &&
    !ctx.get('Accept').includes('application/json')
  ) {
    ctx.type = 'application/x-ndjson';
    ctx.body = providers.map((provider) => `${JSON.stringify(provider)}\n`).join('');
    return;
  }
  ctx.body = { Providers: providers };
}

/**
 * Any page may use the routing API, as any IPFS router, without credentials: the gateway's CORS
 * rules, with PUT (a browser publishing a record it signed) among the methods.
 */
function routingCors(ctx: Ctx): void {
  gatewayCors(ctx);
  ctx.set('Access-Control-Allow-Methods', 'GET, HEAD, PUT, OPTIONS');
}

/** A preflight of `/ipns/{name}`: reads and publications. */
function ipnsOptions(ctx: Ctx): void {
  routingCors(ctx);
  ctx.set('Allow', 'GET, HEAD, PUT, OPTIONS');
  ctx.set('Access-Control-Max-Age', '86400');
  ctx.status = 204;
}

/** A preflight of `/providers/{cid}`: reads only, as at the gateway. */
function providersOptions(ctx: Ctx): void {
  gatewayCors(ctx);
  ctx.set('Allow', 'GET, HEAD, OPTIONS');
  ctx.set('Access-Control-Max-Age', '86400');
  ctx.status = 204;
}

/** The Delegated Routing V1 HTTP API: IPNS records and providers of what this server holds. */
export function routingRoutes() {
  const router = new Router<AppState>({ prefix: '/routing/v1' });
  router.get('/ipns/:name', getIpns);
  router.put('/ipns/:name', putIpns);
  router.get('/providers/:cid', getProviders);
  router.options('/ipns/:name', ipnsOptions);
  router.options('/providers/:cid', providersOptions);
  return router;
}
