/**
 * The SDK's requests in Node, over node:http(s). Through fetch (undici) the memory of a streamed
 * upload grows with the file (over 1 GB for a 1 GiB file, see test/memory.test.ts), and loading
 * fetch's machinery alone adds some 25 MB to a process's peak RSS; node:http does neither. A
 * redirect of a GET or HEAD is left to fetch, which follows it by its rules. Loaded on first use
 * only, so the same bundle runs in browsers.
 */
import type { IncomingMessage } from 'node:http';
import type { StreamedBody } from './body';
import { writeBody } from './node-body';

const RESPONSE_GRACE_MS = 200;

export const runsInNode = typeof process !== 'undefined' && Boolean(process.versions?.node);

/** fetch's contract, plus a streamed body that node-body writes. */
export async function nodeFetch(url: string, init: RequestInit, streamed?: StreamedBody): Promise<Response> {
  let body = streamed;
  if (!body && init.body !== undefined && init.body !== null) {
    if (typeof init.body !== 'string') return fetch(url, init);
    const bytes = new TextEncoder().encode(init.body);
    body = { pieces: [bytes], length: bytes.byteLength };
  }
  const response = await send(url, init, body);
  const method = init.method ?? 'GET';
  if (
    !body &&
    (method === 'GET' || method === 'HEAD') &&
    response.status >= 300 &&
    response.status < 400 &&
    response.headers.has('location')
  ) {
    await response.body?.cancel();
    return fetch(url, init);
  }
  return response;
}

async function send(url: string, init: RequestInit, body: StreamedBody | undefined): Promise<Response> {
  const [http, https, { Readable }, fs] = await Promise.all([
    import('node:http'),
    import('node:https'),
    import('node:stream'),
    import('node:fs'),
  ]);
  const target = new URL(url);
  const request = (target.protocol === 'https:' ? https : http).request;
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw signal.reason;
  const headers = { ...(init.headers as Record<string, string>) };
  // A known length spares both ends the chunk framing.
  if (body?.length !== undefined) headers['content-length'] = String(body.length);
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    let answer: IncomingMessage | undefined;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    const req = request(target, { method: init.method, headers }, (res) => {
      answer = res;
      // Cancelling still applies while the answer's body is read.
      res.once('close', () => signal?.removeEventListener('abort', onAbort));
      const answerHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(name, one);
      }
      // A 204 (a tus append), a 304 or a HEAD's answer may not have a body in a Response.
      const empty = res.statusCode === 204 || res.statusCode === 205 || res.statusCode === 304 || init.method === 'HEAD';
      if (empty) res.resume();
      const stream = empty ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
      settle(() => resolve(new Response(stream, { status: res.statusCode ?? 500, headers: answerHeaders })));
    });
    function onAbort() {
      answer?.destroy(signal!.reason as Error);
      req.destroy();
      settle(() => reject(signal!.reason));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      // A server that refuses an upload answers, then closes before reading the rest: the write
      // may fail just before the answer is parsed, so give the answer a moment to arrive.
      setTimeout(() => settle(() => reject(error)), RESPONSE_GRACE_MS);
    });
    if (!body) return void req.end();
    let closed = false;
    req.once('close', () => (closed = true));
    writeBody(req, body, fs.promises.open).then(
      () => req.end(),
      (error: unknown) => {
        // The request already ended (cancelled, or the server closed it): that is reported above.
        if (closed || req.destroyed) return;
        req.destroy(error as Error);
        settle(() => reject(error));
      },
    );
  });
}
