import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyRequest {
  method: string;
  path: string;
  /** Request body bytes the proxy received from the client (what the client really sent). */
  bodyBytes: number;
  status?: number;
}

export interface CountingProxy {
  url: string;
  requests: ProxyRequest[];
  /** Body bytes clients sent, all requests together. */
  sentBytes(): number;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of a Cairn server on loopback that records every request and counts the
 * body bytes clients send through it. With `hideResumable` it answers the tus endpoint 404, as a
 * server without resumable uploads (or a proxy that filters them) does.
 */
export async function startCountingProxy(target: string, options: { hideResumable?: boolean } = {}): Promise<CountingProxy> {
  const upstream = new URL(target);
  const requests: ProxyRequest[] = [];
  const server = http.createServer((req, res) => {
    const record: ProxyRequest = { method: req.method ?? '', path: req.url ?? '', bodyBytes: 0 };
    requests.push(record);
    req.on('data', (chunk: Buffer) => (record.bodyBytes += chunk.length));
    if (options.hideResumable && record.path.startsWith('/api/v2/uploads/resumable')) {
      req.resume();
      record.status = 404;
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'Not found', code: 'not_found' }));
      return;
    }
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers });
    forward.on('response', (answer) => {
      record.status = answer.statusCode;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    // A client that went away mid-body: the server sees its connection drop, as without the proxy.
    forward.on('error', () => res.destroy());
    req.on('aborted', () => forward.destroy());
    res.on('close', () => {
      if (!res.writableFinished) forward.destroy();
    });
    req.pipe(forward);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sentBytes: () => requests.reduce((sum, request) => sum + request.bodyBytes, 0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
