import { S3Error } from './errors';

export interface S3Address {
  bucket: string | null;
  key: string | null;
}

/** `/a%20b/c` as the key `a b/c`; a path that is no valid percent-encoding is refused. */
function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new S3Error('InvalidURI', 400, "Couldn't parse the specified URI.");
  }
}

/**
 * The bucket and key a request addresses. Virtual-hosted style (`<bucket>.<S3_HOST>/<key>`) when
 * the Host header is a subdomain of the configured host name; path style (`/<bucket>/<key>`)
 * otherwise. The key is everything after the bucket's slash, as sent (a key may hold `//`).
 */
export function addressOf(hostHeader: string | undefined, rawPath: string, hostName: string | null): S3Address {
  const host = (hostHeader ?? '').toLowerCase();
  if (hostName) {
    const bare = hostName.includes(':') ? host : host.replace(/:\d+$/, '');
    if (bare.endsWith(`.${hostName}`)) {
      const bucket = bare.slice(0, -hostName.length - 1);
      const key = rawPath.replace(/^\//, '');
      return { bucket, key: key === '' ? null : decoded(key) };
    }
  }
  const path = rawPath.replace(/^\//, '');
  if (path === '') return { bucket: null, key: null };
  const slash = path.indexOf('/');
  if (slash === -1) return { bucket: decoded(path), key: null };
  const key = path.slice(slash + 1);
  return { bucket: decoded(path.slice(0, slash)), key: key === '' ? null : decoded(key) };
}

/**
 * S3's rules for bucket names: 3 to 63 characters of lower-case letters, digits, dots and hyphens,
 * beginning and ending with a letter or digit, no `..`, not an IP address, none of the prefixes
 * and suffixes S3 reserves.
 */
export function validBucketName(name: string): boolean {
  return (
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name) &&
    !name.includes('..') &&
    !/^\d{1,3}(\.\d{1,3}){3}$/.test(name) &&
    !/^(xn--|sthree-|amzn-s3-demo-)/.test(name) &&
    !/(-s3alias|--ol-s3|\.mrap|--x-s3)$/.test(name)
  );
}
