import { shortCid } from './content-links';

/** An IPNS name on this server's gateway: `/ipns/<name>/`, the trailing slash so a site's relative links resolve. */
export function ipnsUrl(origin: string, name: string): string {
  return `${origin}/ipns/${encodeURIComponent(name)}/`;
}

/** What to publish for a record, or a folder under it: its CID alone, or `/ipfs/<cid>/<path>`. */
export function publishValue(cid: string, path = ''): string {
  const tail = path.split('/').filter(Boolean).join('/');
  return tail ? `/ipfs/${cid}/${tail}` : cid;
}

/** `/ipfs/bafybeigdy…5fbzdi/docs`: a name's value with its CID shortened for a table. */
export function shortValue(value: string): string {
  const match = /^\/ip[fn]s\/([^/]+)(.*)$/.exec(value);
  return match ? `${value.slice(0, 6)}${shortCid(match[1]!)}${match[2]}` : shortCid(value);
}
