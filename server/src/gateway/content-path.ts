import { domainTarget, servedTarget } from '../commands/domains/domain-target';
import type { AppContext } from '../context';
import type { CustomDomainRow } from '../db/schema';
import { AppError, badRequest, notFound } from '../lib/errors';
import type { Ctx } from '../koa-types';
import { parseIpnsName } from '../names/ipns-name';
import { resolveIpnsName } from '../names/resolve';
import { dnsLinkMount, type Mount } from './mount';
import { cacheSecondsOf } from './serve-ipns-record';
import { serveContent } from './serve-content';

/** `/ipns/<domain>` → `/ipns/<key>` → `/ipfs/<cid>`, and no further: a longer chain is a loop or an abuse. */
const MAX_HOPS = 4;
/** How long what a DNSLink named may be cached: as long as its answer is (node:dns reports no TXT TTL). */
const DNSLINK_MAX_AGE_SECONDS = 60;
/** A DNSLink name as a path names it: DNS labels (an internationalized one in its `xn--` form). */
const DNS_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?\.)+[a-z0-9-]{1,63}\.?$/i;

export interface ResolvedContentPath {
  cid: string;
  segments: string[];
  /** The shortest cache lifetime of the names passed through; null when the path began at a CID. */
  maxAgeSeconds: number | null;
}

const unresolved = (name: string) => new AppError(502, 'name_not_resolved', `No valid record of /ipns/${name} is held here`);
const notServed = (host: string) => notFound('not_found', `No verified custom domain ${host} is served here`);

/** What one name points to now, and for how long. */
async function resolveName(app: AppContext, name: string): Promise<{ value: string; maxAgeSeconds: number }> {
  if (name.includes('.')) {
    if (!DNS_NAME.test(name)) throw badRequest('invalid_parameter', `${name} is neither an IPNS name nor a DNS name`);
    const value = await domainTarget(app, name);
    if (!value) throw notServed(name);
    return { value, maxAgeSeconds: DNSLINK_MAX_AGE_SECONDS };
  }
  let canonical: string;
  try {
    canonical = parseIpnsName(name).text;
  } catch {
    throw badRequest('invalid_parameter', `${name} is not an IPNS name`);
  }
  const resolved = await resolveIpnsName(app, canonical);
  if (!resolved) throw unresolved(canonical);
  return { value: resolved.value, maxAgeSeconds: cacheSecondsOf(resolved, app.clock.now()) };
}

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
export function resolveContentPath(app: AppContext, contentPath: string): Promise<ResolvedContentPath> {
  return resolveFrom(app, contentPath, null, MAX_HOPS);
}

/** Follows `contentPath` through at most `hops` names, `maxAgeSeconds` being the shortest lifetime met before it. */
async function resolveFrom(app: AppContext, contentPath: string, maxAgeSeconds: number | null, hops: number): Promise<ResolvedContentPath> {
  let segments = pathSegments(contentPath);
  for (let hop = 0; hop < hops; hop++) {
    const [namespace, root, ...rest] = segments;
    if (namespace === 'ipfs' && root) return { cid: root, segments: rest, maxAgeSeconds };
    if (namespace !== 'ipns' || !root) throw badRequest('invalid_path', `Not a content path: ${contentPath}`);
    const name = await resolveName(app, root);
    maxAgeSeconds = Math.min(maxAgeSeconds ?? Infinity, name.maxAgeSeconds);
    segments = [...pathSegments(name.value), ...rest];
  }
  throw new AppError(508, 'name_not_resolved', `${contentPath} resolves through more than ${MAX_HOPS} names`);
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
  await serveResolved(ctx, await resolveContentPath(ctx.state.app, contentPath), urlSegments, mount);
}

/**
 * Serves a request to a verified custom domain (its row, as the host dispatch read it) as
 * `/ipns/<host>` resolves: its target while its DNSLink still names it, on the host's own origin.
 */
export async function serveCustomDomain(ctx: Ctx, domain: CustomDomainRow, urlSegments: string[]): Promise<void> {
  const app = ctx.state.app;
  const target = await servedTarget(app, domain);
  if (!target) throw notServed(domain.hostname);
  const resolved = await resolveFrom(app, target, DNSLINK_MAX_AGE_SECONDS, MAX_HOPS - 1);
  await serveResolved(ctx, resolved, urlSegments, (hidden) => dnsLinkMount(domain.hostname, hidden));
}

async function serveResolved(ctx: Ctx, resolved: ResolvedContentPath, urlSegments: string[], mount: (hidden: number) => Mount) {
  const { cid, segments, maxAgeSeconds } = resolved;
  await serveContent(ctx, cid, [...segments, ...urlSegments], { ...mount(segments.length), maxAgeSeconds });
}
