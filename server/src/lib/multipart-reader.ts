/**
 * A pull parser for multipart/form-data (RFC 7578) over a stream of byte chunks: part headers,
 * then the part's body as it arrives. The delimiter is found with Buffer#indexOf (native, fast)
 * and a body's bytes are handed on as views of the incoming chunks, never copied, so a large
 * upload costs little more than its socket reads.
 */

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
/** As Node's own limit on HTTP headers. */
const MAX_HEADER_BYTES = 16 * 1024;

export class MalformedMultipartError extends Error {}

export type PartHeaders = Map<string, string>;

export class MultipartReader {
  /** Bytes received and not yet consumed (a view of the last chunk, or a small joined buffer). */
  private pending: Buffer = Buffer.alloc(0);
  /** `\r\n--boundary`: what ends every body. */
  private readonly delimiter: Buffer;
  private state: 'preamble' | 'headers' | 'body' | 'done' = 'preamble';
  private ended = false;

  constructor(
    private readonly source: AsyncIterator<Uint8Array>,
    boundary: string,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  /** The headers of the next part (names lower-cased), or null after the closing delimiter. */
  async nextPart(): Promise<PartHeaders | null> {
    if (this.state === 'body') await this.skipBody();
    if (this.state === 'preamble') await this.skipPreamble();
    if (this.state === 'done') return null;
    // After a delimiter: `--` closes the body of the form, CRLF opens the next part's headers.
    await this.need(2);
    if (this.pending[0] === 0x2d && this.pending[1] === 0x2d) {
      this.state = 'done';
      this.pending = Buffer.alloc(0);
      return null;
    }
    if (!this.pending.subarray(0, 2).equals(CRLF)) throw new MalformedMultipartError('Malformed part header');
    this.pending = this.pending.subarray(2);
    let end = this.pending.indexOf(HEADER_END);
    while (end < 0) {
      if (this.pending.byteLength > MAX_HEADER_BYTES) throw new MalformedMultipartError('Malformed part header');
      await this.more();
      end = this.pending.indexOf(HEADER_END);
    }
    if (end > MAX_HEADER_BYTES) throw new MalformedMultipartError('Malformed part header');
    const headers = parseHeaders(this.pending.subarray(0, end).toString('utf8'));
    this.pending = this.pending.subarray(end + HEADER_END.byteLength);
    this.state = 'body';
    return headers;
  }

  /** The current part's bytes, as views of the received chunks. Ends at the part's delimiter. */
  async *body(): AsyncGenerator<Uint8Array> {
    const delimiter = this.delimiter;
    const keep = delimiter.byteLength - 1;
    while (this.state === 'body') {
      const at = this.pending.indexOf(delimiter);
      if (at >= 0) {
        if (at > 0) yield this.pending.subarray(0, at);
        this.endBody(this.pending, at);
        return;
      }
      // Everything before a possible start of the delimiter at the very end is body: almost
      // always the whole chunk, handed on as one piece.
      const kept = partialDelimiterAt(this.pending, delimiter);
      if (kept > 0) {
        const bytes = this.pending.subarray(0, kept);
        this.pending = this.pending.subarray(kept);
        yield bytes;
      }
      const carry = this.pending;
      const chunk = await this.next();
      if (carry.byteLength === 0) {
        this.pending = chunk;
        continue;
      }
      // Does a delimiter start in the carry? Join it with just enough of the chunk to tell, so
      // the chunk itself is never copied.
      const probe = Buffer.concat([carry, chunk.subarray(0, keep)]);
      const split = probe.indexOf(delimiter);
      if (split >= 0 && split < carry.byteLength) {
        if (split > 0) yield carry.subarray(0, split);
        this.endBody(chunk, split + delimiter.byteLength - carry.byteLength, 0);
        return;
      }
      if (chunk.byteLength < keep) {
        this.pending = probe; // a tiny chunk: keep joining
        continue;
      }
      yield carry;
      this.pending = chunk;
    }
  }

  /** Reads past the rest of the current part's body. */
  async skipBody(): Promise<void> {
    for await (const _ of this.body());
  }

  private endBody(bytes: Buffer, at: number, delimiterBytes = this.delimiter.byteLength): void {
    this.pending = bytes.subarray(at + delimiterBytes);
    this.state = 'headers';
  }

  private async skipPreamble(): Promise<void> {
    // The first delimiter may open the body without the CRLF before it.
    const first = this.delimiter.subarray(2);
    for (;;) {
      const at = this.pending.indexOf(first);
      if (at === 0 || (at > 0 && this.pending[at - 1] === 0x0a)) {
        this.pending = this.pending.subarray(at + first.byteLength);
        this.state = 'headers';
        return;
      }
      // Keep only what could still be the start of the delimiter.
      const from = at > 0 ? at + 1 : Math.max(0, this.pending.byteLength - first.byteLength);
      this.pending = this.pending.subarray(from);
      await this.more();
    }
  }

  private async need(bytes: number): Promise<void> {
    while (this.pending.byteLength < bytes) await this.more();
  }

  /** Joins the next chunk to what is pending (small outside a body: a header, a delimiter). */
  private async more(): Promise<void> {
    const chunk = await this.next();
    this.pending = this.pending.byteLength === 0 ? chunk : Buffer.concat([this.pending, chunk]);
  }

  private async next(): Promise<Buffer> {
    for (;;) {
      const result = this.ended ? undefined : await this.source.next();
      if (result === undefined || result.done) {
        this.ended = true;
        throw new MalformedMultipartError('Unexpected end of form');
      }
      const value = result.value;
      const chunk = Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      if (chunk.byteLength > 0) return chunk;
    }
  }
}

/**
 * Where the end of `bytes` could be the start of `delimiter` that the next chunk completes (the
 * first such offset in its last `delimiter.length - 1` bytes), or `bytes.length` where it cannot.
 */
function partialDelimiterAt(bytes: Buffer, delimiter: Buffer): number {
  const end = bytes.byteLength;
  const first = delimiter[0]!;
  for (let at = bytes.indexOf(first, Math.max(0, end - delimiter.byteLength + 1)); at >= 0; at = bytes.indexOf(first, at + 1)) {
    if (bytes.compare(delimiter, 0, end - at, at, end) === 0) return at;
  }
  return end;
}

/** `Name: value` lines; a repeated header keeps its first value (only a few are ever read). */
function parseHeaders(text: string): PartHeaders {
  const headers: PartHeaders = new Map();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MalformedMultipartError('Malformed part header');
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

export interface Disposition {
  type: string;
  params: Map<string, string>;
}

const PARAM = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;

/**
 * `form-data; name="file"; filename="docs/a.txt"` (a quoted string may escape `"` and `\`), and
 * `filename*=UTF-8''…` (RFC 5987), which wins over `filename`.
 */
export function parseDisposition(value: string): Disposition | null {
  const semi = value.indexOf(';');
  const type = (semi < 0 ? value : value.slice(0, semi)).trim().toLowerCase();
  if (!type) return null;
  const params = new Map<string, string>();
  const extended = new Map<string, string>();
  for (const match of (semi < 0 ? '' : value.slice(semi)).matchAll(PARAM)) {
    const name = match[1]!.toLowerCase();
    const raw = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3]!.trim();
    if (!name.endsWith('*')) {
      if (!params.has(name)) params.set(name, raw);
      continue;
    }
    const decoded = decodeExtended(raw);
    if (decoded !== null) extended.set(name.slice(0, -1), decoded);
  }
  for (const [name, decoded] of extended) params.set(name, decoded);
  return { type, params };
}

/** `charset'language'percent-encoded` (RFC 5987) in UTF-8 or ISO-8859-1; null if unreadable. */
function decodeExtended(raw: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(raw);
  if (!match) return null;
  const charset = match[1]!.toLowerCase();
  const bytes: number[] = [];
  const text = match[2]!;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i) & 0xff);
  }
  if (charset === 'utf-8' || charset === 'utf8') return Buffer.from(bytes).toString('utf8');
  if (charset === 'iso-8859-1' || charset === 'latin1') return Buffer.from(bytes).toString('latin1');
  return null;
}

/** The boundary of a `multipart/form-data` content type, or null for anything else. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const [type, ...rest] = contentType.split(';');
  if (type!.trim().toLowerCase() !== 'multipart/form-data') return null;
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'boundary') continue;
    const boundary = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    return boundary.length > 0 && boundary.length <= 200 ? boundary : null;
  }
  return null;
}
