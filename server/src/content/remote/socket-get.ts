import net from 'node:net';
import { Readable } from 'node:stream';
import { ContentAbortedError } from '../errors';

/** Bytes the socket may read at once; reads fill a buffer of this size one after another. */
const READ_BYTES = 1024 * 1024;
/** A read gets a fresh buffer when less than this is left of the current one. */
const READ_MIN = 64 * 1024;
/** The most an answer's status line and headers may take. */
const HEAD_MAX = 64 * 1024;

export interface SocketAnswer {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Map<string, string>;
  /** Exactly the answer's Content-Length bytes, or fails: a connection that ends early is an error. */
  body: Readable;
}

/**
 * A GET for bulk reads from a plain-HTTP service on the private network (a Kubo node's gateway),
 * over a bare TCP socket, `Connection: close`. The socket reads up to 1 MiB at a time, and each
 * read is handed on as it is, where Node's HTTP client reads 64 KiB at a time and passes each
 * piece through its parser and a stream or two: on a 1 GiB file that is under a third of the CPU,
 * which on a small machine the gateway and Kubo share (`bench/engines.ts`).
 *
 * Only an answer with a Content-Length is read here; any other (chunked, or with no length)
 * resolves to `null` and the caller asks again with the ordinary client.
 */
export function socketGet(url: URL, headers: Record<string, string>, signal?: AbortSignal): Promise<SocketAnswer | null> {
  if (url.protocol !== 'http:') throw new TypeError(`socketGet reads plain http:// only, not ${url.protocol}`);
  if (signal?.aborted) return Promise.reject(new ContentAbortedError(signal.reason));
  return new Promise((resolve, reject) => {
    const reads = new ReadBuffer();
    let head: Buffer | undefined = Buffer.alloc(0);
    let body: Readable | undefined;
    let remaining = 0;
    const fail = (error: Error): void => {
      if (body) body.destroy(error);
      else reject(error);
      socket.destroy();
    };
    const onAbort = (): void => fail(new ContentAbortedError(signal?.reason));
    const socket = net.connect({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || 80),
      onread: {
        buffer: () => reads.room(),
        callback: (bytes: number): boolean => {
          const chunk = reads.take(bytes);
          return head ? readHead(chunk) : pushBody(chunk);
        },
      },
    });
    const readHead = (chunk: Buffer): boolean => {
      head = Buffer.concat([head!, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > HEAD_MAX) fail(new Error(`${url.host} sent a head of over ${HEAD_MAX} bytes`));
        return true;
      }
      const parsed = parseHead(head.subarray(0, end).toString('latin1'));
      const rest = head.subarray(end + 4);
      head = undefined;
      if (!parsed) {
        fail(new Error(`${url.host} sent an answer that is not HTTP/1.x`));
        return false;
      }
      const length = parsed.headers.get('content-length');
      if (parsed.headers.has('transfer-encoding') || length === undefined || !/^\d+$/.test(length)) {
        signal?.removeEventListener('abort', onAbort);
        socket.destroy();
        resolve(null);
        return false;
      }
      remaining = Number(length);
      body = new Readable({
        highWaterMark: READ_BYTES,
        read: () => socket.resume(),
        destroy: (error, callback) => {
          signal?.removeEventListener('abort', onAbort);
          socket.destroy();
          callback(error);
        },
      });
      resolve({ status: parsed.status, headers: parsed.headers, body });
      return pushBody(rest);
    };
    const pushBody = (chunk: Buffer): boolean => {
      const take = Math.min(chunk.length, remaining);
      remaining -= take;
      const more = take === 0 || body!.push(chunk.subarray(0, take));
      if (remaining > 0) return more;
      body!.push(null);
      signal?.removeEventListener('abort', onAbort);
      socket.end();
      return false;
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.setNoDelay(true);
    socket.on('connect', () => {
      const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close'];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    socket.on('error', (error) => fail(signal?.aborted ? new ContentAbortedError(signal.reason) : error));
    socket.on('close', () => {
      if (head) fail(new Error(`${url.host} closed the connection before its answer`));
      else if (remaining > 0) fail(new Error(`${url.host} closed the connection with ${remaining} bytes of the answer still to come`));
    });
  });
}

/**
 * Where a socket's reads go: each read into the part of a 1 MiB buffer that no earlier read filled,
 * so what is pushed on is never written over and a small read does not hold a buffer of its own.
 * A fresh 1 MiB buffer for every read cost a young-generation collection every 30 reads or so:
 * at the 80 KiB reads of a peer that writes about as fast as Cairn reads, 110 collections per
 * 256 MiB against 9 this way.
 */
class ReadBuffer {
  private buffer = Buffer.allocUnsafe(READ_BYTES);
  private used = 0;

  /** The buffer the next read goes into (Node calls this after each read's callback). */
  room(): Buffer {
    if (this.buffer.length - this.used < READ_MIN) {
      this.buffer = Buffer.allocUnsafe(READ_BYTES);
      this.used = 0;
    }
    return this.buffer.subarray(this.used);
  }

  /** The bytes the last read put into `room()`, from then on never written over. */
  take(bytes: number): Buffer {
    const chunk = this.buffer.subarray(this.used, this.used + bytes);
    this.used += bytes;
    return chunk;
  }
}

function parseHead(text: string): { status: number; headers: Map<string, string> } | undefined {
  const [statusLine, ...lines] = text.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1];
  if (!status) return undefined;
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { status: Number(status), headers };
}
