import { domainTarget } from '../commands/domains/domain-target';
import type { AppContext } from '../context';
import { AppError, badRequest, notFound } from '../lib/errors';
import type { Ctx } from '../koa-types';
import { serveContent } from './index';
import { resolveIpnsName } from './ipns-seam';
import type { Mount } from './mount';

/** `/ipns/<domain>` → `/ipns/<key>` → `/ipfs/<cid>`, and no further: a longer chain is a loop or an abuse. */
const MAX_HOPS = 4;

/** The decoded segments of a URL path (`/a%20b/c/` → `['a b', 'c']`). */
export function pathSegments(path: string): string[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw badRequest('invalid_path', `Not a valid path: ${path}`);
      }
    });
}

/**
 * The CID and the path below it that a content path (`/ipfs/<cid>[/path]` or `/ipns/<name>[/path]`)
 * names now: an IPNS name through its record, a DNS name through the DNSLink of a verified custom
 * domain (this deployment never follows the DNSLink of a host no account has verified).
 */
export async function resolveContentPath(app: AppContext, contentPath: string): Promise<{ cid: string; segments: string[] }> {
  let segments = pathSegments(contentPath);
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const [namespace, root, ...rest] = segments;
    if (namespace === 'ipfs' && root) return { cid: root, segments: rest };
    if (namespace !== 'ipns' || !root) throw badRequest('invalid_path', `Not a content path: ${contentPath}`);
    const value = root.includes('.') ? await domainTarget(app, root) : (await resolveIpnsName(app, root))?.value;
    if (!value) throw notFound('not_found', `No content is published under /ipns/${root} here`);
    segments = [...pathSegments(value), ...rest];
  }
  throw new AppError(508, 'not_found', `${contentPath} resolves through more than ${MAX_HOPS} names`);
}

/**
 * Serves a content path through the gateway, with `urlSegments` (the request's own path) below
 * it; `mount(hidden)` says where the root answers, `hidden` being the segments the names added.
 */
export async function serveContentPath(
  ctx: Ctx,
  contentPath: string,
  urlSegments: string[],
  mount: (hidden: number) => Mount,
): Promise<void> {
  const { cid, segments } = await resolveContentPath(ctx.state.app, contentPath);
  await serveContent(ctx, cid, [...segments, ...urlSegments], mount(segments.length));
}
