import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { ContentAbortedError } from '../errors';

/**
 * Node's own HTTP client for the bulk transfers between Cairn and a remote engine (imports and
 * file reads). A body is written as it is produced, waiting only when the socket is full, and an
 * answer is piped on as the socket delivers it. `fetch` (undici) passes every piece
 * through web streams and copies it, which cost Cairn more CPU per byte than Kubo spends importing
 * the same bytes. Connections are kept alive between calls.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

export interface RemoteAnswer {
  status: number;
  text: string;
  /** Kubo and IPFS Cluster report a failure after the answer has started in this trailer. */
  streamError: string | undefined;
}

function open(url: URL, method: string, headers: Record<string, string>, signal?: AbortSignal): http.ClientRequest {
  const client = url.protocol === 'https:' ? https : http;
  return client.request(url, { method, headers, agent: url.protocol === 'https:' ? agents['https:'] : agents['http:'], signal });
}

const trailer = (res: IncomingMessage): string | undefined => {
  const value = res.trailers['x-stream-error'];
  return value ? String(value) : undefined;
};

const failure = (error: unknown, signal?: AbortSignal): unknown => (signal?.aborted ? new ContentAbortedError(signal.reason) : error);

/**
 * POSTs `body` as it is produced and reads the whole answer. A failure of `body` (a cap, the
 * quota, the caller's abort) cuts the request off, so the engine sees a truncated upload and
 * keeps nothing; the promise then rejects with that failure.
 */
export function postStreamed(
  url: URL,
  headers: Record<string, string>,
  body: AsyncIterable<Uint8Array>,
  signal?: AbortSignal,
): Promise<RemoteAnswer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const req = open(url, 'POST', headers, signal);
    const fail = (error: unknown): void => {
      if (!settled) reject(failure(error, signal));
      settled = true;
      req.destroy();
    };
    req.on('error', fail);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        if (settled) return;
        settled = true;
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), streamError: trailer(res) });
      });
    });
    writeAll(req, body, () => settled).then(() => {
      if (!settled && !req.destroyed) req.end();
    }, fail);
  });
}

/**
 * Pieces written between socket writes: a remote engine then reads a large batch per system call
 * instead of each 64 KiB piece the client's upload arrived in.
 */
const BATCH_BYTES = 1024 * 1024;

/**
 * Writes every piece of `body`, corked into batches of about 1 MiB, waiting for the socket to
 * drain when it is full; stops once the call is over.
 */
async function writeAll(req: http.ClientRequest, body: AsyncIterable<Uint8Array>, over: () => boolean): Promise<void> {
  let batched = 0;
  for await (const chunk of body) {
    if (over() || req.destroyed) return;
    if (batched === 0) req.cork();
    req.write(chunk);
    batched += chunk.byteLength;
    if (batched < BATCH_BYTES) continue;
    batched = 0;
    req.uncork();
    if (req.writableNeedDrain) await drained(req);
  }
  if (batched > 0) req.uncork();
}

function drained(req: http.ClientRequest): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      req.off('drain', done);
      req.off('close', done);
      resolve();
    };
    req.on('drain', done);
    req.on('close', done);
  });
}

/** The most of a refused answer's text that is read, for its error message. */
const ANSWER_TEXT_MAX = 64 * 1024;

/** An answer's text (its first 64 KiB), for a call that failed before its stream began. */
export async function answerText(res: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= ANSWER_TEXT_MAX) break;
  }
  res.destroy();
  return Buffer.concat(chunks).subarray(0, ANSWER_TEXT_MAX).toString('utf8');
}

/**
 * Sends a request without a body and resolves, once `check` has accepted the answer (it throws
 * for a failed call), to the answer's bytes as a stream piped straight from the socket. A failure
 * the remote reports in the trailer after the last byte fails the stream, so a read that breaks
 * off is never taken for a complete one.
 */
export async function streamedAnswer(
  url: URL,
  init: { method: string; headers?: Record<string, string>; signal?: AbortSignal },
  check: (res: IncomingMessage) => Promise<void>,
): Promise<Readable> {
  const { signal } = init;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = open(url, init.method, init.headers ?? {}, signal);
    req.on('error', (error) => reject(failure(error, signal)));
    req.on('response', resolve);
    req.end();
  });
  try {
    await check(res);
  } catch (error) {
    res.destroy();
    throw failure(error, signal);
  }
  const checked = new PassThrough({
    flush(callback) {
      const streamError = trailer(res);
      callback(streamError ? new Error(streamError) : null);
    },
  });
  pipeline(res, checked, () => undefined);
  return checked;
}

/**
 * A stream returned at once whose source is opened asynchronously (checks that come first, then
 * the request): a failure on the way fails the stream, and a consumer that stops early stops the
 * source.
 */
export function deferredStream(open: () => Promise<Readable>): Readable {
  const out = new PassThrough();
  open().then(
    (source) => pipeline(source, out, () => undefined),
    (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}
