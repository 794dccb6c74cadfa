/**
 * Uploads in browsers: fetch cannot say how much of a request body is sent, XMLHttpRequest can.
 * An upload whose caller follows its progress goes over XMLHttpRequest, answered as a fetch
 * Response, so the rest of the SDK cannot tell the two apart. Typed here with what it uses, so
 * the SDK's sources also build for Node alone (without the DOM's types).
 */

interface Xhr {
  status: number;
  statusText: string;
  response: ArrayBuffer;
  responseType: string;
  upload: { onprogress: ((event: { loaded: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  getAllResponseHeaders(): string;
  send(body: unknown): void;
  abort(): void;
}

const XhrClass = (globalThis as { XMLHttpRequest?: new () => Xhr }).XMLHttpRequest;

export const runsInBrowser = XhrClass !== undefined;

/** Statuses whose Response may not have a body. */
const EMPTY = new Set([101, 204, 205, 304]);

/** fetch's contract over XMLHttpRequest, calling `onSent` with the body bytes sent so far. */
export function xhrFetch(url: string, init: RequestInit, onSent: (bytes: number) => void): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return reject(signal.reason);
    const xhr = new XhrClass!();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(init.method ?? 'GET', url);
    xhr.responseType = 'arraybuffer';
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onSent(event.loaded);
    xhr.onload = () => {
      done();
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      const body = EMPTY.has(xhr.status) || init.method === 'HEAD' ? null : xhr.response;
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.onabort = () => {
      done();
      reject(signal?.reason ?? new DOMException('The call was cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(init.body);
  });
}
