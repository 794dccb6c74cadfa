import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const EMPTY_SHA256 = crypto.createHash('sha256').digest('hex');

export const sha256Hex = (data: string | Uint8Array): string => crypto.createHash('sha256').update(data).digest('hex');
export const hmac = (key: Uint8Array | string, data: string): Buffer => crypto.createHmac('sha256', key).update(data).digest();

/** AWS's URI encoding: every byte but `A-Z a-z 0-9 - . _ ~` as `%XY` (upper case). */
export function awsEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Percent-decoding that leaves a malformed escape as it is rather than failing. */
function lenientDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The canonical URI of an S3 request: each segment of the path as sent, decoded then encoded once
 * by AWS's rules (S3 does not normalise `.` or `//`, nor encode twice), so that clients that escape
 * more or fewer characters than AWS's rules sign the same string.
 */
export const canonicalUri = (rawPath: string): string =>
  rawPath
    .split('/')
    .map((segment) => awsEncode(lenientDecode(segment)))
    .join('/') || '/';

/** The query's parameters, decoded, as sent (a name without `=` has the empty value). */
export function queryPairs(rawQuery: string): [string, string][] {
  if (!rawQuery) return [];
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq === -1 ? [lenientDecode(pair), ''] : [lenientDecode(pair.slice(0, eq)), lenientDecode(pair.slice(eq + 1))];
    });
}

/** Parameters encoded by AWS's rules and sorted by name then value; `omit` left out (the signature itself). */
export function canonicalQuery(pairs: [string, string][], omit?: string): string {
  return pairs
    .filter(([name]) => name !== omit)
    .map(([name, value]) => [awsEncode(name), awsEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** `name:value\n` for each signed header, values trimmed and inner runs of spaces made one. */
export function canonicalHeaders(headers: IncomingHttpHeaders, signed: string[]): string {
  return signed
    .map((name) => {
      const raw = headers[name];
      const value = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
      return `${name}:${value.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
}

/** The key that signs for one day, region and service; kept per secret and scope, as it changes once a day. */
const signingKeys = new Map<string, Buffer>();
export function signingKey(secret: string, day: string, region: string): Buffer {
  const id = sha256Hex(`${secret}\n${day}\n${region}`);
  let key = signingKeys.get(id);
  if (!key) {
    key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
    if (signingKeys.size >= 1000) signingKeys.clear();
    signingKeys.set(id, key);
  }
  return key;
}

/** Whether two hex signatures are the same, in constant time. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
