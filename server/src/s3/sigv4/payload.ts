import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { S3Error, s3Errors } from '../errors';
import { EMPTY_SHA256, hmac, sameSignature, sha256Hex } from './canonical';
import type { Verified } from './verify';

/** A chunk's header line (`<hex size>;chunk-signature=<64 hex>`) is far shorter than this. */
const LINE_MAX = 4096;
/** Trailer lines of one body (checksums and their signature). */
const TRAILERS_MAX = 16;
const CRLF = Buffer.from('\r\n');
const EMPTY = Buffer.alloc(0);

/** A checksum a client may send as a header or a trailer; those Node computes are checked. */
const CHECKSUMS: Record<string, () => { update(bytes: Uint8Array): void; digest(): string }> = {
  'x-amz-checksum-crc32': () => {
    let crc = 0;
    return {
      update: (bytes) => {
        crc = zlib.crc32(bytes, crc);
      },
      digest: () => {
        const out = Buffer.alloc(4);
        out.writeUInt32BE(crc >>> 0);
        return out.toString('base64');
      },
    };
  },
  'x-amz-checksum-sha1': () => {
    const hash = crypto.createHash('sha1');
    return { update: (bytes) => hash.update(bytes), digest: () => hash.digest('base64') };
  },
  'x-amz-checksum-sha256': () => {
    const hash = crypto.createHash('sha256');
    return { update: (bytes) => hash.update(bytes), digest: () => hash.digest('base64') };
  },
};

const badChecksum = (name: string) =>
  new S3Error(
    'BadDigest',
    400,
    `The ${name.replace('x-amz-checksum-', '').toUpperCase()} you specified did not match the calculated checksum.`,
  );
const malformedChunk = () => new S3Error('IncompleteBody', 400, 'The request body is not valid aws-chunked encoding.');

type Body = AsyncIterable<Uint8Array>;

/** Reads `aws-chunked` framing off a body: header lines, data pieces (as they arrive), trailers. */
class Framing {
  private pending: Buffer = EMPTY;
  private readonly source: AsyncIterator<Uint8Array>;
  constructor(body: Body) {
    this.source = body[Symbol.asyncIterator]();
  }

  private async more(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    return true;
  }

  /** The next line without its CRLF; null at the end of the body. */
  async line(): Promise<string | null> {
    for (;;) {
      const end = this.pending.indexOf(CRLF);
      if (end !== -1) {
        if (end > LINE_MAX) throw malformedChunk();
        const text = this.pending.subarray(0, end).toString('latin1');
        this.pending = this.pending.subarray(end + 2);
        return text;
      }
      if (this.pending.length > LINE_MAX) throw malformedChunk();
      if (!(await this.more())) {
        if (this.pending.length === 0) return null;
        throw malformedChunk();
      }
    }
  }

  /** Up to `max` bytes of data, as they are at hand; throws when the body ends first. */
  async piece(max: number): Promise<Buffer> {
    if (this.pending.length === 0 && !(await this.more())) throw s3Errors.incompleteBody();
    const take = Math.min(max, this.pending.length);
    const piece = this.pending.subarray(0, take);
    this.pending = this.pending.subarray(take);
    return piece;
  }

  async crlf(): Promise<void> {
    while (this.pending.length < 2) if (!(await this.more())) throw s3Errors.incompleteBody();
    if (this.pending[0] !== 0x0d || this.pending[1] !== 0x0a) throw malformedChunk();
    this.pending = this.pending.subarray(2);
  }
}

/** The decoded bytes of an `aws-chunked` body, each chunk's signature checked against the chain from the seed. */
async function* chunked(
  verified: Verified,
  body: Body,
  signed: boolean,
  trailer: boolean,
  trailers: Map<string, string>,
): AsyncGenerator<Buffer> {
  const framing = new Framing(body);
  let previous = verified.seedSignature;
  const chunkSignature = (hashHex: string) =>
    hmac(
      verified.signingKey,
      ['AWS4-HMAC-SHA256-PAYLOAD', verified.amzDate, verified.scope, previous, EMPTY_SHA256, hashHex].join('\n'),
    ).toString('hex');
  for (;;) {
    const line = await framing.line();
    if (line === null) throw s3Errors.incompleteBody();
    const match = signed ? line.match(/^([0-9a-fA-F]{1,16});chunk-signature=([0-9a-f]{64})$/) : line.match(/^([0-9a-fA-F]{1,16})(;.*)?$/);
    if (!match) throw malformedChunk();
    const size = parseInt(match[1]!, 16);
    if (!Number.isSafeInteger(size)) throw malformedChunk();
    const hash = signed ? crypto.createHash('sha256') : null;
    for (let left = size; left > 0;) {
      const piece = await framing.piece(left);
      hash?.update(piece);
      left -= piece.length;
      yield piece;
    }
    if (signed) {
      const expected = chunkSignature(hash!.digest('hex'));
      if (!sameSignature(expected, match[2]!))
        throw s3Errors.signatureDoesNotMatch('The chunk signature does not match what we calculated.');
      previous = expected;
    }
    if (size === 0) break;
    await framing.crlf();
  }
  if (!trailer) {
    await framing.crlf().catch(() => undefined);
    return;
  }
  // Trailers: `name:value` lines, then an empty line; a signed stream ends them with their signature.
  const lines: string[] = [];
  let trailerSignature: string | undefined;
  for (let n = 0; n <= TRAILERS_MAX; n++) {
    const line = await framing.line();
    if (line === null || line === '') break;
    const colon = line.indexOf(':');
    if (colon <= 0) throw malformedChunk();
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'x-amz-trailer-signature') trailerSignature = value;
    else {
      trailers.set(name, value);
      lines.push(`${name}:${value}\n`);
    }
  }
  if (signed) {
    const expected = hmac(
      verified.signingKey,
      ['AWS4-HMAC-SHA256-TRAILER', verified.amzDate, verified.scope, previous, sha256Hex(lines.join(''))].join('\n'),
    ).toString('hex');
    if (!trailerSignature || !sameSignature(expected, trailerSignature)) {
      throw s3Errors.signatureDoesNotMatch('The trailer signature does not match what we calculated.');
    }
  }
}

const firstHeader = (verified: Verified, name: string): string | undefined => {
  const value = verified.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The request's payload as the client meant it, checked as it is read: `aws-chunked` framing
 * removed with every chunk's signature checked, a signed payload's SHA-256, `Content-MD5`, the
 * decoded length, and the CRC32, SHA-1 and SHA-256 checksums sent as headers or trailers (others,
 * such as CRC32C, are not computed here and pass unchecked). A mismatch throws at the end of the
 * body, before the consumer sees its end, so nothing half-checked is ever stored.
 */
export async function* verifiedPayload(verified: Verified, body: Body): AsyncGenerator<Buffer> {
  const mode = verified.payload;
  const trailers = new Map<string, string>();
  const source = mode.kind === 'chunked' ? chunked(verified, body, mode.signed, mode.trailer, trailers) : body;
  const sha256 = mode.kind === 'sha256' ? crypto.createHash('sha256') : null;
  const contentMd5 = firstHeader(verified, 'content-md5');
  if (contentMd5 !== undefined && !/^[A-Za-z0-9+/]{22}==$/.test(contentMd5)) throw s3Errors.invalidDigest();
  const md5 = contentMd5 ? crypto.createHash('md5') : null;
  const declared = firstHeader(verified, 'x-amz-decoded-content-length');
  const checksums = Object.entries(CHECKSUMS)
    .filter(
      ([name]) =>
        verified.headers[name] !== undefined ||
        String(verified.headers['x-amz-trailer'] ?? '')
          .toLowerCase()
          .includes(name),
    )
    .map(([name, make]) => ({ name, sum: make() }));
  let total = 0;
  for await (const raw of source) {
    const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    total += chunk.length;
    sha256?.update(chunk);
    md5?.update(chunk);
    for (const { sum } of checksums) sum.update(chunk);
    yield chunk;
  }
  if (sha256 && sha256.digest('hex') !== (mode as { hex: string }).hex) throw s3Errors.contentSha256Mismatch();
  if (md5 && md5.digest('base64') !== contentMd5) throw s3Errors.badDigest();
  if (declared !== undefined && mode.kind === 'chunked' && Number(declared) !== total) throw s3Errors.incompleteBody();
  for (const { name, sum } of checksums) {
    const sent = firstHeader(verified, name) ?? trailers.get(name);
    if (sent !== undefined && sum.digest() !== sent) throw badChecksum(name);
  }
}
