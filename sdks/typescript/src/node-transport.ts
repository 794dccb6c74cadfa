/**
 * Streamed request bodies in Node over node:http(s). Through fetch (undici) the memory of a
 * streamed upload grows with the file (over 1 GB for a 1 GiB file, see test/memory.test.ts); a
 * piped request keeps it flat whatever the file's size. Loaded on first use only, so the same
 * bundle runs in browsers.
 */
import type { ReadableStream as NodeWebStream } from 'node:stream/web';

const RESPONSE_GRACE_MS = 200;

export const runsInNode = typeof process !== 'undefined' && Boolean(process.versions?.node);

export async function nodeStreamFetch(url: string, init: RequestInit): Promise<Response> {
  const [http, https, { Readable }] = await Promise.all([import('node:http'), import('node:https'), import('node:stream')]);
  const target = new URL(url);
  const request = (target.protocol === 'https:' ? https : http).request;
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw signal.reason;
  return new Promise<Response>((resolve, reject) => {
    // One chunk queued at a time: the file is read only as fast as the socket drains.
    const source = Readable.fromWeb(init.body as unknown as NodeWebStream<Uint8Array>, {
      highWaterMark: 1,
      objectMode: true,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const req = request(target, { method: init.method, headers: init.headers as Record<string, string> }, (res) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
      }
      // A 204 (a tus append) or 304 may not have a body in a Response.
      const empty = res.statusCode === 204 || res.statusCode === 205 || res.statusCode === 304;
      if (empty) res.resume();
      const body = empty ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
      settle(() => resolve(new Response(body, { status: res.statusCode ?? 500, headers })));
    });
    // However the request ends, stop reading the file (this also closes it).
    req.on('close', () => source.destroy());
    function onAbort() {
      req.destroy();
      settle(() => reject(signal!.reason));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => {
      // A server that refuses an upload answers, then closes before reading the rest: the write
      // may fail just before the answer is parsed, so give the answer a moment to arrive.
      setTimeout(() => settle(() => reject(error)), RESPONSE_GRACE_MS);
    });
    source.on('error', (error) => {
      req.destroy(error);
      settle(() => reject(error));
    });
    source.pipe(req);
  });
}
