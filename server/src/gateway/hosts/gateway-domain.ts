import { AppError, badRequest } from '../../lib/errors';
import type { Ctx } from '../../koa-types';
import { ipfsLabel, ipnsLabel } from './content-labels';

/** The app and its API never answer on the gateway's hosts: uploaded pages there must not be able to act as the app. */
export const contentOnly = () =>
  new AppError(421, 'gateway_host_only', 'This host serves IPFS content only: the app and its API answer on their own address');

/** A 301 (the gateway's headers, CORS among them, are set already). */
const redirect = (ctx: Ctx, location: string) => {
  ctx.status = 301;
  ctx.redirect(location);
};

/**
 * `?uri=ipfs://<cid>/path` (or `ipns://`) at `/ipfs/` (`/ipns/`), as a browser's protocol handler
 * sends it: a 301 to the content path.
 */
function protocolHandler(ctx: Ctx, namespace: string): void {
  const uri = typeof ctx.query.uri === 'string' ? ctx.query.uri : '';
  const match = /^(ipfs|ipns):\/\/([^/?#\s]+)([^?#\s]*)$/.exec(uri);
  if (!match || match[1] !== namespace)
    throw badRequest('invalid_parameter', `uri must be ${namespace}://<root>[/path], got "${uri.slice(0, 200)}"`);
  redirect(ctx, `/${namespace}/${match[2]}${match[3]}`);
}

/**
 * A request to the subdomain gateway's own domain: `/ipfs/<cid>/path` moves to
 * `<cidv1>.ipfs.<domain>/path`, `/ipns/<name>/path` to `<name>.ipns.<domain>/path`, each on an
 * origin of its own; nothing else is served here.
 */
export function gatewayDomainRequest(ctx: Ctx): void {
  const match = /^\/(ipfs|ipns)\/([^/]*)(\/.*)?$/.exec(ctx.path);
  if (!match) throw contentOnly();
  const [, namespace, root] = match as unknown as [string, 'ipfs' | 'ipns', string];
  if (root === '') return protocolHandler(ctx, namespace);
  redirect(ctx, subdomainLocation(ctx, ctx.host));
}

/**
 * Where `/ipfs/<cid>/path` or `/ipns/<name>/path` (the request's own path) answers on the
 * subdomain gateway of `domainHost` (the domain, with a port when it has one): its root's
 * subdomain, the path and query kept.
 */
export function subdomainLocation(ctx: Ctx, domainHost: string): string {
  const [, namespace, root, rest] = /^\/(ipfs|ipns)\/([^/]+)(\/.*)?$/.exec(ctx.path) as unknown as [
    string,
    'ipfs' | 'ipns',
    string,
    string | undefined,
  ];
  let decoded: string;
  try {
    decoded = decodeURIComponent(root);
  } catch {
    throw badRequest('invalid_path', `invalid path "${ctx.path}"`);
  }
  const label = namespace === 'ipfs' ? ipfsLabel(decoded) : ipnsLabel(decoded);
  const search = ctx.querystring ? `?${ctx.querystring}` : '';
  return `${ctx.protocol}://${label}.${namespace}.${domainHost}${rest ?? '/'}${search}`;
}
