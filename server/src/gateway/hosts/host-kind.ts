import net from 'node:net';

export { hostnameOf } from '../../lib/hostnames';

/** What a request's host is to the gateway. */
export type GatewayHost =
  /** The subdomain gateway's own domain: a path gateway whose `/ipfs/…` and `/ipns/…` move to subdomains. */
  | { kind: 'domain' }
  /** `<root>.ipfs.<domain>` or `<root>.ipns.<domain>`: one content root on an origin of its own. */
  | { kind: 'subdomain'; namespace: 'ipfs' | 'ipns'; label: string }
  /** Any other name under the domain: nothing is served there. */
  | { kind: 'elsewhere-under-domain' }
  /** Not the gateway domain: the app, or perhaps a custom domain. */
  | { kind: 'other'; hostname: string };

/** The `:port` of a `Host` value, or empty. */
export function portOf(host: string): string {
  const match = /(?:^\[[^\]]*\]|^[^:[\]]*)(:\d+)$/.exec(host);
  return match?.[1] ?? '';
}

/** Where `hostname` stands to `domain` (null: no subdomain gateway). */
export function gatewayHost(hostname: string, domain: string | null): GatewayHost {
  if (domain === null || net.isIP(hostname.replace(/^\[|\]$/g, '')) !== 0) return { kind: 'other', hostname };
  if (hostname === domain) return { kind: 'domain' };
  if (!hostname.endsWith(`.${domain}`)) return { kind: 'other', hostname };
  const labels = hostname.slice(0, -(domain.length + 1)).split('.');
  const namespace = labels.at(-1);
  // `<root>.ipfs.<domain>`; an IPNS root may be a DNSLink name, inlined or not (`en.wikipedia-on-ipfs.org.ipns.<domain>`).
  if (namespace === 'ipfs' && labels.length === 2) return { kind: 'subdomain', namespace, label: labels[0]! };
  if (namespace === 'ipns' && labels.length >= 2) return { kind: 'subdomain', namespace, label: labels.slice(0, -1).join('.') };
  return { kind: 'elsewhere-under-domain' };
}

/**
 * A DNSLink name as one DNS label (`en.wikipedia-on-ipfs.org` → `en-wikipedia--on--ipfs-org`), so
 * that it fits under a wildcard TLS certificate; `uninlineDnsLabel` reads it back.
 */
export const inlineDnsName = (name: string): string => name.replaceAll('-', '--').replaceAll('.', '-');

export function uninlineDnsLabel(label: string): string {
  return label.replace(/--|-/g, (dash) => (dash === '--' ? '-' : '.'));
}
