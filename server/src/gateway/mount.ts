import { escapePath, pathEscape } from './headers';

/**
 * Where a content root answers, and how the pages Cairn generates link to it: at `/ipfs/<cid>` on
 * the path gateway, or at `/` of an origin of its own (a subdomain gateway host, a DNSLink host).
 */
export interface Mount {
  /** The URL path of the content root: `/ipfs/<cid>`, or empty on an origin of its own. */
  base: string;
  /** Leading path segments that come from the DNSLink record, not from the URL (`dnslink=/ipfs/<cid>/sub`). */
  hidden: number;
  /** The content path of the URL's root, as `X-Ipfs-Path` begins: `/ipfs/<cid>` or `/ipns/<name>`. */
  contentPath: string;
  /** The listing's "Index of" line: its namespace, the root's label and link, and the prefix of each level's link. */
  crumbs: { namespace: 'ipfs' | 'ipns'; label: string; rootHref: string; levelBase: string };
  /** The link of a listing's CID column. */
  cidLink(cid: string, name: string): { href: string; external: boolean };
  /** How long a name resolved on the way may be cached, which caps every answer's; null: the root is a CID (immutable). */
  maxAgeSeconds: number | null;
}

const downloadLink = (prefix: string) => (cid: string, name: string) => ({
  href: `${prefix}/ipfs/${cid}?filename=${encodeURIComponent(pathEscape(name))}`,
  external: false,
});

/** `/ipfs/<cid>[/path]` or `/ipns/<name>[/path]` on the path gateway. */
export function pathMount(namespace: 'ipfs' | 'ipns', root: string, hidden = 0): Mount {
  const base = `/${namespace}/${pathEscape(root)}`;
  return {
    base,
    hidden,
    contentPath: `/${namespace}/${root}`,
    crumbs: { namespace, label: root, rootHref: base, levelBase: base },
    cidLink: downloadLink(''),
    maxAgeSeconds: null,
  };
}

/**
 * `<cid>.ipfs.<domain>` or `<name>.ipns.<domain>`: the root at `/` of its own origin; the listing's
 * path and CID links go to the path gateway on the gateway domain (`//<domain>/ipfs/…`).
 */
export function subdomainMount(namespace: 'ipfs' | 'ipns', root: string, domain: string, hidden = 0): Mount {
  const pathBase = `//${domain}/${namespace}/${pathEscape(root)}`;
  return {
    base: '',
    hidden,
    contentPath: `/${namespace}/${root}`,
    crumbs: { namespace, label: root, rootHref: pathBase, levelBase: pathBase },
    cidLink: downloadLink(`//${domain}`),
    maxAgeSeconds: null,
  };
}

/**
 * A DNSLink host (`Host: docs.example.org`): its root at `/`, the listing's levels on that host;
 * its CIDs link to a CID inspector, since no path gateway is known to be mounted beside a website.
 */
export function dnsLinkMount(host: string, hidden: number): Mount {
  return {
    base: '',
    hidden,
    contentPath: `/ipns/${host}`,
    crumbs: { namespace: 'ipns', label: host, rootHref: `//${host}/`, levelBase: `//${host}` },
    cidLink: (cid) => ({ href: `https://cid.ipfs.tech/#${cid}`, external: true }),
    maxAgeSeconds: null,
  };
}

/** The URL path of `segments` (the path below the resolved root) under `mount`, escaped. */
export function mountedPath(mount: Mount, segments: string[]): string {
  const visible = segments.slice(mount.hidden);
  return `${mount.base}${visible.length ? `/${escapePath(visible.join('/'))}` : ''}`;
}
