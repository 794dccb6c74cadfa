import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * Addresses a webhook must not reach unless the server allows it (`WEBHOOKS_ALLOW_PRIVATE_TARGETS`):
 * a hostile account would otherwise have the server post to its own loopback, the cloud metadata
 * service or the private network behind it. IPv4 rules match IPv4-mapped IPv6 too (`::ffff:a.b.c.d`).
 */
const refused = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refused.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(prefix, bits, 'ipv6');
}

/** Whether an IP address (v4 or v6, as written by a resolver) is one a webhook may not reach. */
export function isRefusedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

const systemLookup: Lookup = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** No DNS (`WEBHOOKS_NAME_LOOKUP=false`): `localhost` is the loopback, any other name does not resolve. */
const noLookup: Lookup = async (hostname) => {
  if (hostname.toLowerCase() === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw new Error(`${hostname} is not looked up`);
};

/** How webhook host names are resolved under `config`. */
export const webhookLookup = (config: { webhooksNameLookup: boolean }): Lookup => (config.webhooksNameLookup ? systemLookup : noLookup);

export class WebhookTargetError extends Error {}

/**
 * The address a delivery to `url` is sent to, resolved now and refused if any address the name
 * has is private (a name that resolves to a public and a private address is refused: which one a
 * later lookup picks is the attacker's choice). The caller connects to this very address, so DNS
 * rebinding cannot swap it between this check and the request.
 */
export async function resolveWebhookTarget(url: URL, allowPrivate: boolean, lookup: Lookup = systemLookup): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      throw new WebhookTargetError(`the host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new WebhookTargetError(`the host ${host} does not resolve`);
  if (!allowPrivate && addresses.some((entry) => isRefusedAddress(entry.address))) {
    throw new WebhookTargetError(`the host ${host} resolves to a private, loopback or link-local address`);
  }
  return addresses[0]!;
}
