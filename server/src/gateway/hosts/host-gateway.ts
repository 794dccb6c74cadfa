import net from 'node:net';
import type { Next } from 'koa';
import { verifiedDomain } from '../../commands/domains/domain-target';
import { isReserved, reservedHostnames } from '../../commands/domains/hostname-rules';
import { AppError } from '../../lib/errors';
import type { Ctx } from '../../koa-types';
import { pathSegments, serveCustomDomain } from '../content-path';
import { gatewayHeaders, gatewayOptions } from '../serve-content';
import { contentOnly, gatewayDomainRequest } from './gateway-domain';
import { gatewayHost, hostnameOf, portOf } from './host-kind';
import { subdomainRequest } from './subdomain';

/** Content hosts answer reads only: true for one, which then has the gateway's headers and limit. */
async function contentRead(ctx: Ctx, ownOrigin: boolean): Promise<boolean> {
  if (ctx.method === 'GET' || ctx.method === 'HEAD') {
    await gatewayHeaders(ctx, ownOrigin);
    return true;
  }
  if (ctx.method === 'OPTIONS') {
    gatewayOptions(ctx);
    return false;
  }
  ctx.set('Allow', 'GET, HEAD, OPTIONS');
  throw new AppError(405, 'method_not_allowed', 'This host serves IPFS content: GET, HEAD and OPTIONS only');
}

/**
 * Dispatch by `Host` (or `X-Forwarded-Host` under TRUST_PROXY), before anything of the app: the
 * subdomain gateway's domain and every name below it, and every host name an account added as a
 * custom domain, serve content only; the app and its API answer on every other host.
 */
export function hostGateway() {
  return async (ctx: Ctx, next: Next) => {
    const app = ctx.state.app;
    const domain = app.config.gatewayDomain;
    const host = gatewayHost(hostnameOf(ctx.host), domain);
    if (host.kind === 'elsewhere-under-domain') throw contentOnly();
    if (host.kind === 'domain') {
      if (await contentRead(ctx, false)) gatewayDomainRequest(ctx);
      return;
    }
    if (host.kind === 'subdomain') {
      if (await contentRead(ctx, true)) await subdomainRequest(ctx, host.namespace, host.label, `${domain}${portOf(ctx.host)}`);
      return;
    }
    const { hostname } = host;
    if (hostname === '' || net.isIP(hostname.replace(/^\[|\]$/g, '')) !== 0 || isReserved(hostname, reservedHostnames(app))) return next();
    const customDomain = await verifiedDomain(app, hostname);
    if (!customDomain) return next();
    if (await contentRead(ctx, true)) await serveCustomDomain(ctx, customDomain, pathSegments(ctx.path));
  };
}
