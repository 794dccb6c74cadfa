import net from 'node:net';
import { Readable, type Writable } from 'node:stream';
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
  body: SocketBody;
}

/**
 * An answer's body. Read as a stream, every socket read lands in fresh memory (the stream's reader
 * may keep any piece). `relay` instead writes the bytes into one destination, every read into
 * the same buffer: a read waits until the destination has taken the one before, so nothing is
 * allocated per read. At a gateway's 1 GiB/s of reads, fresh memory for each is what V8 answers
 * with a full collection every 64 MB once the process has been idle a while: up to 25 per GiB, each
 * walking the whole heap (`bench/README.md`).
 */
class SocketBody extends Readable {
  constructor(private readonly source: { read(): void; relay(destination: Writable): Promise<void>; close(): void }) {
    super({ highWaterMark: READ_BYTES });
  }

  override _read(): void {
    this.source.read();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.source.close();
    callback(error);
  }

  /** Writes the whole body into `destination` (not ended); for a body not read as a stream. */
  relay(destination: Writable): Promise<void> {
    return this.source.relay(destination);
  }
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
    let reads: Reads = new ReadBuffer();
    let head: Buffer | undefined = Buffer.alloc(0);
    let body: SocketBody | undefined;
    let remaining = 0;
    /** Body bytes that came with the head, kept until the body is read or relayed. */
    let pending: Buffer | undefined;
    /** Where body bytes go once the body is read (`push`) or relayed; false pauses the socket. */
    let sink: ((chunk: Buffer) => boolean) | undefined;
    let finish: () => void = () => undefined;
    let failBody: (error: Error) => void = (error) => body?.destroy(error);
    const fail = (error: Error): void => {
      if (body) failBody(error);
      else reject(error);
      socket.destroy();
    };
    const onAbort = (): void => fail(new ContentAbortedError(signal?.reason));
    const socket = net.connect({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || 80),
      onread: {
        buffer: () => reads.room(),
        callback: (bytes: number, buffer: Uint8Array): boolean => {
          const chunk = Buffer.from(buffer.buffer, buffer.byteOffset, bytes);
          reads.took(bytes);
          return head ? readHead(chunk) : deliver(chunk);
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
      pending = head.subarray(end + 4);
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
      body = new SocketBody({
        read: readAsStream,
        relay,
        close: () => {
          signal?.removeEventListener('abort', onAbort);
          socket.destroy();
        },
      });
      resolve({ status: parsed.status, headers: parsed.headers, body });
      // Paused until the body is read or relayed.
      return false;
    };
    /** Hands the bytes that came with the head on, then reads on while `sink` takes more. */
    const start = (): void => {
      const first = pending!;
      pending = undefined;
      if (deliver(first)) socket.resume();
    };
    const readAsStream = (): void => {
      if (sink) return void socket.resume();
      sink = (chunk) => body!.push(chunk);
      finish = () => body!.push(null);
      start();
    };
    const relay = (destination: Writable): Promise<void> => {
      if (sink) return Promise.reject(new Error('the body is already being read'));
      return new Promise((relayed, relayFailed) => {
        reads = new RelayBuffer();
        let writing = false;
        let done = false;
        const settle = (error?: Error): void => {
          if (done) return;
          done = true;
          destination.off('close', onClose);
          if (error) relayFailed(error);
          else relayed();
        };
        const onClose = (): void => {
          if (remaining > 0 || writing) fail(new ContentAbortedError('the destination closed'));
        };
        failBody = (error) => {
          body!.destroy();
          settle(error);
        };
        destination.once('close', onClose);
        sink = (chunk) => {
          writing = true;
          destination.write(chunk, (error) => {
            writing = false;
            if (error) fail(error);
            else if (remaining > 0) socket.resume();
            else settle();
          });
          return false;
        };
        finish = () => {
          if (!writing) settle();
        };
        start();
      });
    };
    const deliver = (chunk: Buffer): boolean => {
      const take = Math.min(chunk.length, remaining);
      remaining -= take;
      const more = take === 0 || sink!(chunk.subarray(0, take));
      if (remaining > 0) return more;
      signal?.removeEventListener('abort', onAbort);
      socket.end();
      finish();
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

/** Where a socket's reads go: `room()` is the buffer for the next read, `took(n)` says a read filled n bytes of it. */
interface Reads {
  room(): Buffer;
  took(bytes: number): void;
}

/**
 * Reads for a stream: each into the part of a 1 MiB buffer that no earlier read filled, so what is
 * pushed on is never written over and a small read does not hold a buffer of its own. A fresh 1 MiB
 * buffer for every read cost a young-generation collection every 30 reads or so: at the 80 KiB
 * reads of a peer that writes about as fast as Cairn reads, 110 collections per 256 MiB against 9
 * this way.
 */
class ReadBuffer implements Reads {
  private buffer = Buffer.allocUnsafe(READ_BYTES);
  private used = 0;

  room(): Buffer {
    if (this.buffer.length - this.used < READ_MIN) {
      this.buffer = Buffer.allocUnsafe(READ_BYTES);
      this.used = 0;
    }
    return this.buffer.subarray(this.used);
  }

  took(bytes: number): void {
    this.used += bytes;
  }
}

/** Reads for a relay: all into one buffer, as the relay reads again only once the last read is written. */
class RelayBuffer implements Reads {
  private readonly buffer = Buffer.allocUnsafe(READ_BYTES);

  room(): Buffer {
    return this.buffer;
  }

  took(): void {}
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
