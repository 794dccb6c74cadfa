import type { IncomingHttpHeaders } from 'node:http';
import { s3Errors } from '../errors';
import { canonicalHeaders, canonicalQuery, canonicalUri, hmac, queryPairs, sameSignature, sha256Hex, signingKey } from './canonical';

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** How far a request's date may be from the server's clock (S3's own limit). */
const MAX_SKEW_MS = 15 * 60_000;
/** The longest a presigned URL may live: seven days, as S3. */
const MAX_EXPIRES_SECONDS = 604_800;

export interface SignatureInput {
  method: string;
  /** The path and query exactly as they arrived (still percent-encoded). */
  rawPath: string;
  rawQuery: string;
  headers: IncomingHttpHeaders;
  now: Date;
  /** The one region requests must be signed for. */
  region: string;
}

/** What the signature covers of the payload: a hash, nothing, or an `aws-chunked` stream (signed or not, with trailers or not). */
export type PayloadMode = { kind: 'unsigned' } | { kind: 'sha256'; hex: string } | { kind: 'chunked'; signed: boolean; trailer: boolean };

export interface Verified {
  accessKeyId: string;
  /** `YYYYMMDDTHHMMSSZ` of the request, and its scope `day/region/s3/aws4_request`: chunk signatures use both. */
  amzDate: string;
  scope: string;
  signingKey: Buffer;
  /** The request's signature: the first chunk's signature chains from it. */
  seedSignature: string;
  payload: PayloadMode;
  headers: IncomingHttpHeaders;
}

/** Looks up a key's secret; null when the key does not exist. */
export type SecretLookup = (accessKeyId: string) => Promise<{ secret: string } | null>;

interface Parsed {
  accessKeyId: string;
  day: string;
  region: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  /** The canonical query (without the signature, for a presigned URL). */
  query: string;
  payloadHash: string;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** `AKID/20260101/us-east-1/s3/aws4_request` into its parts; AuthorizationHeaderMalformed-like errors through `fail`. */
function credential(raw: string, fail: (message: string) => Error): { accessKeyId: string; day: string; region: string } {
  const parts = raw.split('/');
  if (parts.length !== 5 || parts[3] !== 's3' || parts[4] !== 'aws4_request' || !/^\d{8}$/.test(parts[1]!)) {
    throw fail(`The credential '${raw}' is not of the form <key>/<YYYYMMDD>/<region>/s3/aws4_request`);
  }
  return { accessKeyId: parts[0]!, day: parts[1]!, region: parts[2]! };
}

/** `YYYYMMDDTHHMMSSZ` as a time, or null. */
function amzTime(value: string | undefined): number | null {
  const m = value?.match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null;
}

function fromHeader(input: SignatureInput, authorization: string): Parsed {
  const fail = (message: string) => s3Errors.authorizationHeaderMalformed(message);
  if (!authorization.startsWith(`${ALGORITHM} `)) {
    throw s3Errors.invalidRequest('The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.');
  }
  const fields = new Map<string, string>();
  for (const part of authorization.slice(ALGORITHM.length + 1).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const [cred, signed, signature] = ['Credential', 'SignedHeaders', 'Signature'].map((name) => fields.get(name));
  if (!cred || !signed || !signature)
    throw fail('The authorization header is malformed; it needs Credential, SignedHeaders and Signature.');
  const amzDate = header(input.headers, 'x-amz-date');
  if (!amzDate) throw s3Errors.accessDenied('AWS authentication requires a valid Date or x-amz-date header');
  const payloadHash = header(input.headers, 'x-amz-content-sha256');
  if (!payloadHash) throw s3Errors.missingSecurityHeader('x-amz-content-sha256');
  return {
    ...credential(cred, fail),
    signedHeaders: signed.split(';'),
    signature,
    amzDate,
    query: canonicalQuery(queryPairs(input.rawQuery)),
    payloadHash,
  };
}

function fromQuery(input: SignatureInput, pairs: [string, string][]): Parsed {
  const fail = (message: string) => s3Errors.authorizationQueryParametersError(message);
  const get = (name: string) => pairs.find(([key]) => key === name)?.[1];
  if (get('X-Amz-Algorithm') !== ALGORITHM) throw fail('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const [cred, amzDate, expires, signed, signature] = [
    'X-Amz-Credential',
    'X-Amz-Date',
    'X-Amz-Expires',
    'X-Amz-SignedHeaders',
    'X-Amz-Signature',
  ].map(get);
  if (!cred || !amzDate || !expires || !signed || !signature) {
    throw fail(
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  }
  if (!/^\d{1,7}$/.test(expires) || Number(expires) < 1) throw fail('X-Amz-Expires should be a number');
  if (Number(expires) > MAX_EXPIRES_SECONDS) throw fail('X-Amz-Expires must be less than a week (in seconds) that is 604800');
  const issued = amzTime(amzDate);
  if (issued === null) throw fail("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
  if (issued - input.now.getTime() > MAX_SKEW_MS) throw s3Errors.requestTimeTooSkewed(amzDate, input.now.toISOString());
  if (input.now.getTime() > issued + Number(expires) * 1000) throw s3Errors.expiredToken();
  return {
    ...credential(cred, fail),
    signedHeaders: signed.split(';'),
    signature,
    amzDate,
    query: canonicalQuery(pairs, 'X-Amz-Signature'),
    payloadHash: get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  };
}

function payloadMode(hash: string): PayloadMode {
  switch (hash) {
    case 'UNSIGNED-PAYLOAD':
      return { kind: 'unsigned' };
    case 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD':
      return { kind: 'chunked', signed: true, trailer: false };
    case 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER':
      return { kind: 'chunked', signed: true, trailer: true };
    case 'STREAMING-UNSIGNED-PAYLOAD-TRAILER':
      return { kind: 'chunked', signed: false, trailer: true };
    default:
      if (!/^[0-9a-f]{64}$/.test(hash))
        throw s3Errors.invalidArgument(
          'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-… or a SHA-256 in hex',
          'x-amz-content-sha256',
          hash,
        );
      return { kind: 'sha256', hex: hash };
  }
}

/**
 * Checks a request's Signature Version 4, in its Authorization header or its query (a presigned
 * URL): the key exists, the scope is today's and this region's, the request is no more than 15
 * minutes off the server's clock (a presigned URL: not yet expired, at most 7 days long), `host`
 * is signed, and the signature is the one the key's secret makes of the canonical request.
 */
export async function verifySignature(input: SignatureInput, lookup: SecretLookup): Promise<Verified> {
  const authorization = header(input.headers, 'authorization');
  const pairs = queryPairs(input.rawQuery);
  const presigned = pairs.some(([name]) => name === 'X-Amz-Signature' || name === 'X-Amz-Credential');
  if (!authorization && !presigned && pairs.some(([name]) => name === 'AWSAccessKeyId' || name === 'Signature')) {
    // Signature Version 2 (what aws-cli v1's `s3 presign` makes unless told `signature_version = s3v4`).
    throw s3Errors.invalidRequest('The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.');
  }
  if (!authorization && !presigned) throw s3Errors.accessDenied();
  const parsed = authorization ? fromHeader(input, authorization) : fromQuery(input, pairs);
  const issued = amzTime(parsed.amzDate);
  if (issued === null) throw s3Errors.accessDenied('AWS authentication requires a valid Date or x-amz-date header');
  if (authorization && Math.abs(issued - input.now.getTime()) > MAX_SKEW_MS) {
    throw s3Errors.requestTimeTooSkewed(parsed.amzDate, input.now.toISOString());
  }
  if (parsed.day !== parsed.amzDate.slice(0, 8)) {
    const message = `Invalid credential date "${parsed.day}". This date is not the same as X-Amz-Date: "${parsed.amzDate.slice(0, 8)}".`;
    throw authorization ? s3Errors.authorizationHeaderMalformed(message) : s3Errors.authorizationQueryParametersError(message);
  }
  if (parsed.region !== input.region) {
    const message = `The authorization header is malformed; the region '${parsed.region}' is wrong; expecting '${input.region}'`;
    throw authorization ? s3Errors.authorizationHeaderMalformed(message) : s3Errors.authorizationQueryParametersError(message);
  }
  if (!parsed.signedHeaders.includes('host') || parsed.signedHeaders.some((name) => name !== name.toLowerCase())) {
    throw s3Errors.accessDenied('There were headers present in the request which were not signed: host must be signed');
  }
  // Whoever holds a presigned URL may send it with headers of their own: none may change what the
  // request does (`x-amz-copy-source`, `x-amz-meta-*`…) unless the signer signed it.
  if (!authorization) {
    const unsigned = Object.keys(input.headers).filter((name) => name.startsWith('x-amz-') && !parsed.signedHeaders.includes(name));
    if (unsigned.length > 0)
      throw s3Errors.accessDenied(`There were headers present in the request which were not signed: ${unsigned.join(', ')}`);
  }
  const payload = payloadMode(parsed.payloadHash);
  const found = await lookup(parsed.accessKeyId);
  if (!found) throw s3Errors.invalidAccessKeyId();

  const scope = `${parsed.day}/${parsed.region}/s3/aws4_request`;
  const canonicalRequest = [
    input.method,
    canonicalUri(input.rawPath),
    parsed.query,
    canonicalHeaders(input.headers, parsed.signedHeaders),
    parsed.signedHeaders.join(';'),
    parsed.payloadHash,
  ].join('\n');
  const stringToSign = [ALGORITHM, parsed.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = signingKey(found.secret, parsed.day, parsed.region);
  const expected = hmac(key, stringToSign).toString('hex');
  if (!sameSignature(expected, parsed.signature)) throw s3Errors.signatureDoesNotMatch();
  return {
    accessKeyId: parsed.accessKeyId,
    amzDate: parsed.amzDate,
    scope,
    signingKey: key,
    seedSignature: expected,
    payload,
    headers: input.headers,
  };
}
