import { base36 } from 'multiformats/bases/base36';
import type { Ctx } from '../../koa-types';
import { pathSegments, serveContentPath } from '../content-path';
import { subdomainMount } from '../mount';
import { DNS_LABEL_MAX, ipfsLabel, ipnsKey, LIBP2P_KEY, parseAnyCid } from './content-labels';
import { uninlineDnsLabel } from './host-kind';
import { AppError } from '../../lib/errors';

/** The IPNS name a `<label>.ipns.<domain>` host names: a key, or a DNSLink name (inlined or not). */
function ipnsName(label: string): string {
  if (label.includes('.')) return label;
  if (ipnsKey(label)) return label;
  const name = uninlineDnsLabel(label);
  return name.includes('.') ? name : label;
}

/**
 * `<root>.ipfs.<domain>` and `<name>.ipns.<domain>`: the root served at `/` of its own origin, the
 * request's path below it. An IPNS key written as another codec than libp2p-key moves to its
 * canonical label (301), as other gateways do.
 */
export async function subdomainRequest(ctx: Ctx, namespace: 'ipfs' | 'ipns', label: string, domain: string): Promise<void> {
  const segments = pathSegments(ctx.path);
  if (namespace === 'ipfs') {
    if (label.length > DNS_LABEL_MAX) ipfsLabel(label);
    await serveContentPath(ctx, `/ipfs/${label}`, segments, (hidden) => subdomainMount('ipfs', label, domain, hidden));
    return;
  }
  const cid = parseAnyCid(label);
  if (cid && cid.code !== LIBP2P_KEY) {
    const canonical = ipnsKey(label)!.toString(base36);
    if (canonical.length > DNS_LABEL_MAX)
      throw new AppError(400, 'dns_label_too_long', `CID incompatible with DNS label length limit of ${DNS_LABEL_MAX}`);
    ctx.status = 301;
    ctx.redirect(`${ctx.protocol}://${canonical}.ipns.${domain}${ctx.path}${ctx.querystring ? `?${ctx.querystring}` : ''}`);
    return;
  }
  const name = ipnsName(label);
  await serveContentPath(ctx, `/ipns/${name}`, segments, (hidden) => subdomainMount('ipns', name, domain, hidden));
}
