import http from 'node:http';

export interface SlowUpload {
  /** The response status, or 0 when the connection was cut before one came. */
  status: Promise<number>;
  /** The response headers once it came. */
  headers: Promise<http.IncomingHttpHeaders>;
  req: http.ClientRequest;
  /** Sends the rest of the file and the closing delimiter. */
  finish(): void;
}

/**
 * A multipart upload that sends its head and `firstBytes` of the file, then waits: an upload still
 * streaming, as a slow client makes it. `declaredLength` sets a Content-Length (the rest is never sent).
 * `path` is where it goes (`/api/v2/upload`); with no `token`, no Authorization header is sent.
 */
export function slowUpload(
  url: string,
  token: string | null,
  options: { firstBytes?: number; declaredLength?: number; name?: string; path?: string } = {},
): SlowUpload {
  const boundary = 'cairnslowupload';
  const headers: Record<string, string> = { 'Content-Type': `multipart/form-data; boundary=${boundary}` };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.declaredLength !== undefined) headers['Content-Length'] = String(options.declaredLength);
  const req = http.request(`${url}${options.path ?? '/api/v2/upload'}`, { method: 'POST', headers });
  let resolveHeaders: (headers: http.IncomingHttpHeaders) => void = () => undefined;
  const headersPromise = new Promise<http.IncomingHttpHeaders>((resolve) => (resolveHeaders = resolve));
  const status = new Promise<number>((resolve) => {
    req.on('response', (res) => {
      resolveHeaders(res.headers);
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.name ?? 'slow.bin'}"\r\n\r\n`);
  req.write(Buffer.alloc(options.firstBytes ?? 1024, 7));
  return {
    status,
    headers: headersPromise,
    req,
    finish() {
      req.end(`\r\n--${boundary}--\r\n`);
    },
  };
}
