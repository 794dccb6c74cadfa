import Router from '@koa/router';
import { AppError } from '../lib/errors';
import { IpnsNameError, parseIpnsName } from '../names/ipns-name';
import { resolveIpnsName } from '../names/resolve';
import type { AppState, Ctx } from '../koa-types';
import { serveContentPath } from './content-path';
import { escapePath } from './headers';
import { subdomainLocation } from './hosts/gateway-domain';
import { portOf } from './hosts/host-kind';
import { pathMount } from './mount';
import { gatewayHeaders, gatewayOptions, serveContent } from './serve-content';
import { serveIpnsRecord, wantsIpnsRecord } from './serve-ipns-record';

/** The segments of a wildcard path parameter, empty ones dropped. */
const pathParam = (ctx: Ctx): string[] => {
  const rawPath = (ctx.params as Record<string, string | string[] | undefined>).path ?? '';
  return (Array.isArray(rawPath) ? rawPath : rawPath.split('/')).filter(Boolean);
};

/**
 * A browser opening a page (not a script fetching bytes): with a subdomain gateway, it reads the
 * content on the root's own origin, where a site runs as itself.
 */
const browserNavigation = (ctx: Ctx) => ctx.get('Sec-Fetch-Mode') === 'navigate' && ctx.get('Sec-Fetch-Dest') === 'document';

/** The page's place on the subdomain gateway; null when its root cannot have one (not a CID or a name, too long for a DNS label). */
function subdomainOf(ctx: Ctx, gatewayDomain: string): string | null {
  try {
    return subdomainLocation(ctx, `${gatewayDomain}${portOf(ctx.host)}`);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * What every path gateway read does first: a browser's page to its subdomain, or any request to
 * the gateway's own origin (false: answered), then the gateway's headers and request limit.
 */
async function gatewayEntry(ctx: Ctx): Promise<boolean> {
  const { gatewayOrigin, gatewayDomain } = ctx.state.app.config;
  const subdomain = gatewayDomain && browserNavigation(ctx) ? subdomainOf(ctx, gatewayDomain) : null;
  if (subdomain) {
    ctx.status = 302;
    ctx.redirect(subdomain);
    return false;
  }
  if (gatewayOrigin && `${ctx.protocol}://${ctx.host}` !== gatewayOrigin) {
    ctx.status = 302;
    ctx.redirect(`${gatewayOrigin}${ctx.originalUrl}`);
    return false;
  }
  await gatewayHeaders(ctx);
  return true;
}

/**
 * GET and HEAD /ipfs/{cid}[/path]: the path gateway (files, directories, documents) and the
 * trustless gateway (raw blocks, CARs), over content this deployment holds, never fetched from
 * the network.
 */
async function serve(ctx: Ctx): Promise<void> {
  if (!(await gatewayEntry(ctx))) return;
  const rootText = ctx.params.cid!;
  await serveContent(ctx, rootText, pathParam(ctx), pathMount('ipfs', rootText));
}

/**
 * GET and HEAD /ipns/{name}[/path]: the name resolved from the records held here (never the
 * network), or a verified custom domain through its DNSLink, then the content it points to as
 * /ipfs/ answers it, cached for the record's TTL; or, asked for, the signed record itself. A peer
 * id redirects to the name's `k51…` form.
 */
async function serveIpns(ctx: Ctx): Promise<void> {
  if (!(await gatewayEntry(ctx))) return;
  const text = ctx.params.name!;
  const requested = pathParam(ctx);
  if (text.includes('.')) {
    await serveContentPath(ctx, `/ipns/${encodeURIComponent(text)}`, requested, (hidden) => pathMount('ipns', text, hidden));
    return;
  }
  const name = gatewayName(text);
  if (!name.canonical) {
    const tail = requested.length
      ? `/${escapePath(requested.join('/'))}${ctx.path.endsWith('/') ? '/' : ''}`
      : ctx.path.endsWith('/')
        ? '/'
        : '';
    ctx.status = 302;
    ctx.redirect(`/ipns/${name.text}${tail}${ctx.querystring ? `?${ctx.querystring}` : ''}`);
    return;
  }
  if (wantsIpnsRecord(ctx)) {
    const resolved = await resolveIpnsName(ctx.state.app, name.text);
    if (!resolved) throw new AppError(502, 'name_not_resolved', 'No valid record of this name is held here');
    return serveIpnsRecord(ctx, name.text, resolved);
  }
  await serveContentPath(ctx, `/ipns/${name.text}`, requested, (hidden) => pathMount('ipns', name.text, hidden));
}

/** The name of a gateway path, or 400 `invalid_parameter` (the gateway's code for a bad path segment). */
function gatewayName(text: string) {
  try {
    return parseIpnsName(text);
  } catch (error) {
    if (error instanceof IpnsNameError) throw new AppError(400, 'invalid_parameter', `${text} is not an IPNS name: ${error.message}`);
    throw error;
  }
}

/** GET, HEAD and OPTIONS /ipfs/{cid}[/path] and /ipns/{name}[/path]. */
export function gatewayRoutes() {
  const router = new Router<AppState>();
  router.get('/ipfs/:cid{/*path}', serve);
  router.options('/ipfs/:cid{/*path}', gatewayOptions);
  router.get('/ipns/:name{/*path}', serveIpns);
  router.options('/ipns/:name{/*path}', gatewayOptions);
  return router;
}
