import crypto from 'node:crypto';
import zlib from 'node:zlib';
import aws4 from 'aws4';
import { describe, expect, it } from 'vitest';
import { S3Error } from '../errors';
import { verifiedPayload, verifySignature, type Verified } from './index';

// AWS's documented example of a chunked upload ("Signature Calculations for the Authorization
// Header: Transferring Payload in Multiple Chunks"): its seed and chunk signatures are known.
const AWS_KEY = { id: 'AKIAIOSFODNN7EXAMPLE', secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
const lookup = async (id: string) => (id === AWS_KEY.id ? { secret: AWS_KEY.secret } : null);
const EXAMPLE_HEADERS = {
  host: 's3.amazonaws.com',
  'x-amz-date': '20130524T000000Z',
  'x-amz-storage-class': 'REDUCED_REDUNDANCY',
  'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
  'content-encoding': 'aws-chunked',
  'x-amz-decoded-content-length': '66560',
  'content-length': '66824',
  authorization:
    'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=content-encoding;content-length;host;x-amz-content-sha256;x-amz-date;x-amz-decoded-content-length;x-amz-storage-class,Signature=4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
};
const EXAMPLE_CHUNKS = [
  { size: 65536, signature: 'ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648' },
  { size: 1024, signature: '0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497' },
  { size: 0, signature: 'b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9' },
];
const EXAMPLE_NOW = new Date('2013-05-24T00:05:00Z');

const exampleBody = (): Buffer =>
  Buffer.concat(
    EXAMPLE_CHUNKS.flatMap(({ size, signature }) => [
      Buffer.from(`${size.toString(16)};chunk-signature=${signature}\r\n`),
      Buffer.alloc(size, 'a'),
      Buffer.from('\r\n'),
    ]),
  );

/** The body in pieces of `step` bytes, as a socket hands it over. */
async function* pieces(bytes: Buffer, step = 1000): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += step) yield bytes.subarray(at, at + step);
}

async function drained(verified: Verified, body: Buffer, step?: number): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of verifiedPayload(verified, pieces(body, step))) out.push(chunk);
  return Buffer.concat(out);
}

const refusal = async (work: Promise<unknown>): Promise<string> => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(S3Error);
  return (error as S3Error).code;
};

const example = (headers: Record<string, string> = EXAMPLE_HEADERS, now = EXAMPLE_NOW) =>
  verifySignature({ method: 'PUT', rawPath: '/examplebucket/chunkObject.txt', rawQuery: '', headers, now, region: 'us-east-1' }, lookup);

/** A request signed by the `aws4` library, as a client of ours would send it. */
function signed(options: { method?: string; path: string; body?: string; headers?: Record<string, string>; presign?: boolean }) {
  const request = aws4.sign(
    {
      host: 'localhost:9000',
      method: options.method ?? 'GET',
      path: options.path,
      body: options.body,
      headers: { ...options.headers },
      service: 's3',
      region: 'us-east-1',
      signQuery: options.presign,
    },
    { accessKeyId: AWS_KEY.id, secretAccessKey: AWS_KEY.secret },
  );
  const [rawPath, rawQuery = ''] = request.path!.split('?');
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]));
  return { method: request.method ?? 'GET', rawPath: rawPath!, rawQuery, headers, now: new Date(), region: 'us-east-1' };
}

describe('Signature Version 4', () => {
  it("reproduces AWS's documented chunked upload: seed signature, every chunk, 66,560 bytes", async () => {
    const verified = await example();
    expect(verified.seedSignature).toBe('4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9');
    expect(verified.payload).toEqual({ kind: 'chunked', signed: true, trailer: false });
    for (const step of [1, 7, 65_536, 1 << 20]) {
      const bytes = await drained(verified, exampleBody(), step === 1 ? 4096 : step);
      expect(bytes.equals(Buffer.alloc(66_560, 'a'))).toBe(true);
    }
  });

  it('refuses a chunked body with an altered byte, a cut end, a hostile header line or a wrong decoded length', async () => {
    const verified = await example();
    const altered = exampleBody();
    altered[5000] = 0x62;
    expect(await refusal(drained(verified, altered))).toBe('SignatureDoesNotMatch');
    expect(await refusal(drained(verified, exampleBody().subarray(0, 40_000)))).toBe('IncompleteBody');
    expect(await refusal(drained(verified, Buffer.alloc(1 << 20, 'f')))).toBe('IncompleteBody');
    // The decoded length is signed: another one is another request.
    expect(await refusal(example({ ...EXAMPLE_HEADERS, 'x-amz-decoded-content-length': '66561' }))).toBe('SignatureDoesNotMatch');
  });

  it('refuses a wrong secret, an unknown key, a skewed clock, another region, and a tampered header', async () => {
    expect(await refusal(example(EXAMPLE_HEADERS, new Date('2013-05-24T00:20:00Z')))).toBe('RequestTimeTooSkewed');
    expect(await refusal(example({ ...EXAMPLE_HEADERS, 'x-amz-storage-class': 'STANDARD' }))).toBe('SignatureDoesNotMatch');
    const otherRegion = { ...EXAMPLE_HEADERS, authorization: EXAMPLE_HEADERS.authorization.replace('us-east-1', 'eu-west-1') };
    expect(await refusal(example(otherRegion))).toBe('AuthorizationHeaderMalformed');
    const unknown = {
      ...EXAMPLE_HEADERS,
      authorization: EXAMPLE_HEADERS.authorization.replace('AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7UNKNOWN'),
    };
    expect(await refusal(example(unknown))).toBe('InvalidAccessKeyId');
    const wrongSecret = verifySignature(signed({ path: '/b/k' }), async () => ({ secret: 'x'.repeat(40) }));
    expect(await refusal(wrongSecret)).toBe('SignatureDoesNotMatch');
    expect(await refusal(verifySignature({ ...signed({ path: '/b/k' }), headers: { host: 'localhost:9000' } }, lookup))).toBe(
      'AccessDenied',
    );
    const v2 = verifySignature({ ...signed({ path: '/b/k' }), headers: { host: 'x', authorization: 'AWS AKIA:abc' } }, lookup);
    expect(await refusal(v2)).toBe('InvalidRequest');
    const v2Presigned = verifySignature(
      { ...signed({ path: '/b/k' }), headers: { host: 'x' }, rawQuery: 'AWSAccessKeyId=AKIA&Expires=1&Signature=abc' },
      lookup,
    );
    expect(await refusal(v2Presigned)).toBe('InvalidRequest');
  });

  it('checks a signed payload hash and Content-MD5 at the end of the body', async () => {
    const body = 'hello, world';
    const request = signed({ method: 'PUT', path: '/b/greeting.txt', body });
    const verified = await verifySignature(request, lookup);
    expect(verified.payload).toEqual({ kind: 'sha256', hex: crypto.createHash('sha256').update(body).digest('hex') });
    expect((await drained(verified, Buffer.from(body))).toString()).toBe(body);
    expect(await refusal(drained(verified, Buffer.from('hello, World')))).toBe('XAmzContentSHA256Mismatch');

    const md5 = crypto.createHash('md5').update(body).digest('base64');
    const withMd5 = await verifySignature(signed({ method: 'PUT', path: '/b/k', body, headers: { 'Content-MD5': md5 } }), lookup);
    expect((await drained(withMd5, Buffer.from(body))).toString()).toBe(body);
    const wrongMd5 = await verifySignature(
      signed({ method: 'PUT', path: '/b/k', body, headers: { 'Content-MD5': crypto.createHash('md5').update('x').digest('base64') } }),
      lookup,
    );
    expect(await refusal(drained(wrongMd5, Buffer.from(body)))).toBe('BadDigest');
  });

  it('checks an unsigned chunked body with a trailing CRC32', async () => {
    const data = crypto.randomBytes(100_000);
    const crc = (bytes: Buffer) => {
      const out = Buffer.alloc(4);
      out.writeUInt32BE(zlib.crc32(bytes) >>> 0);
      return out.toString('base64');
    };
    const body = (checksum: string) =>
      Buffer.concat([
        Buffer.from(`${(65_536).toString(16)}\r\n`),
        data.subarray(0, 65_536),
        Buffer.from(`\r\n${(data.length - 65_536).toString(16)}\r\n`),
        data.subarray(65_536),
        Buffer.from(`\r\n0\r\nx-amz-checksum-crc32:${checksum}\r\n\r\n`),
      ]);
    const request = signed({
      method: 'PUT',
      path: '/b/k',
      headers: {
        'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
        'x-amz-trailer': 'x-amz-checksum-crc32',
        'x-amz-decoded-content-length': String(data.length),
        'content-encoding': 'aws-chunked',
      },
    });
    const verified = await verifySignature(request, lookup);
    expect((await drained(verified, body(crc(data)), 3000)).equals(data)).toBe(true);
    expect(await refusal(drained(verified, body(crc(Buffer.from('other')))))).toBe('BadDigest');
    const short = signed({
      method: 'PUT',
      path: '/b/k',
      headers: {
        'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
        'x-amz-trailer': 'x-amz-checksum-crc32',
        'x-amz-decoded-content-length': String(data.length + 1),
        'content-encoding': 'aws-chunked',
      },
    });
    expect(await refusal(drained(await verifySignature(short, lookup), body(crc(data))))).toBe('IncompleteBody');
  });

  it('accepts a presigned URL until it expires, and no longer than seven days', async () => {
    const request = signed({ path: '/b/k?X-Amz-Expires=60', presign: true });
    expect((await verifySignature(request, lookup)).payload).toEqual({ kind: 'unsigned' });
    expect(await refusal(verifySignature({ ...request, now: new Date(Date.now() + 61_000) }, lookup))).toBe('AccessDenied');
    expect(await refusal(verifySignature({ ...request, rawPath: '/b/other' }, lookup))).toBe('SignatureDoesNotMatch');
    const withHeader = { ...request, headers: { ...request.headers, 'x-amz-copy-source': '/other/secret.txt' } };
    expect(await refusal(verifySignature(withHeader, lookup))).toBe('AccessDenied');
    const week = signed({ path: '/b/k?X-Amz-Expires=604801', presign: true });
    expect(await refusal(verifySignature(week, lookup))).toBe('AuthorizationQueryParametersError');
  });

  it('signs keys with characters clients escape differently the same way', async () => {
    for (const key of ['a b/c+d', "it's (1)!*.txt", 'ü/ñ~x', 'a%2Fb']) {
      const request = signed({ path: `/b/${key.split('/').map(encodeURIComponent).join('/')}` });
      expect((await verifySignature(request, lookup)).accessKeyId, key).toBe(AWS_KEY.id);
    }
  });
});
