import type { Ctx } from '../koa-types';
import type { ResolvedName } from '../names/resolve';
import { downloadQuery, setDisposition } from './headers';

export const IPNS_RECORD_TYPE = 'application/vnd.ipfs.ipns-record';

/** How long a record (or what it points to) may be cached: its TTL, never past its validity. */
export function cacheSecondsOf(resolved: Pick<ResolvedName, 'ttlSeconds' | 'validUntil'>, now: number): number {
  const left = Math.max(0, Math.floor((Date.parse(resolved.validUntil) - now) / 1000));
  return Math.min(resolved.ttlSeconds, left);
}

/** Whether `/ipns/{name}` was asked for the signed record itself (`?format=ipns-record`, or its `Accept` type first). */
export function wantsIpnsRecord(ctx: Ctx): boolean {
  const format = ctx.query.format;
  if (typeof format === 'string' && format !== '') return format === 'ipns-record';
  const first = ctx.get('Accept').split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  return first === IPNS_RECORD_TYPE;
}

/** The signed record, as a download named after the name (or `?filename=`). */
export function serveIpnsRecord(ctx: Ctx, name: string, resolved: ResolvedName): void {
  ctx.set('Cache-Control', `public, max-age=${cacheSecondsOf(resolved, ctx.state.app.clock.now())}`);
  setDisposition(ctx, 'attachment', downloadQuery(ctx).filename ?? `${name}.ipns-record`);
  ctx.set('X-Ipfs-Path', ctx.path);
  ctx.type = IPNS_RECORD_TYPE;
  ctx.status = 200;
  ctx.body = Buffer.from(resolved.record.record, 'base64');
}
