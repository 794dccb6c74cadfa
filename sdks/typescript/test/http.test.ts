/**
 * Retries, timeouts, cancellation and error mapping, against a local HTTP server that answers
 * what the real one does only under load (429 with Retry-After, 503, dropped connections).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AbortedError, Cairn, ConnectionError, RateLimitError, ServerError, TimeoutError } from '../src';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

describe('HTTP behaviour', () => {
  let server: http.Server;
  let base: string;
  let handlers: Handler[] = [];
  let hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      req.resume();
      const handler = handlers.shift();
      if (handler) handler(req, res);
      else json(res, 200, { used: 1 });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    handlers = [];
    hits = [];
  });

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const client = (options: Partial<ConstructorParameters<typeof Cairn>[0]> = {}) =>
    new Cairn({ baseUrl: base, token: 'cairn_test', retry: { baseDelayMs: 10 }, ...options });

  it('retries an idempotent call on 503 and 429, honouring Retry-After', async () => {
    handlers.push(
      (_q, s) => json(s, 503, { error: 'Busy', code: 'content_unavailable' }),
      (_q, s) => json(s, 429, { error: 'Too many', code: 'rate_limited' }, { 'retry-after': '0' }),
    );
    const usage = await client().usage.get();
    expect(usage).toEqual({ used: 1 });
    expect(hits).toEqual(['GET /api/v2/users/me/usage', 'GET /api/v2/users/me/usage', 'GET /api/v2/users/me/usage']);
  });

  it('gives up after maxRetries with a typed RateLimitError carrying retryAfter', async () => {
    for (let i = 0; i < 3; i++) handlers.push((_q, s) => json(s, 429, { error: 'Too many', code: 'rate_limited' }, { 'retry-after': '0' }));
    const error = await client({ retry: { maxRetries: 1, baseDelayMs: 10 } })
      .usage.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 0 });
    expect(hits).toHaveLength(2);
  });

  it('waits the whole Retry-After, and fails at once with retryAfter when it is longer than maxDelayMs', async () => {
    handlers.push((_q, s) => json(s, 429, { error: 'Too many', code: 'rate_limited' }, { 'retry-after': '1' }));
    const started = Date.now();
    expect(await client().usage.get()).toEqual({ used: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(hits).toHaveLength(2);

    hits.length = 0;
    handlers.push((_q, s) => json(s, 429, { error: 'Too many', code: 'rate_limited' }, { 'retry-after': '45' }));
    const error = await client({ retry: { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 30_000 } })
      .usage.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfter: 45 });
    expect(hits).toHaveLength(1);
  });

  it('never retries a call that is not idempotent, and says how long the server asked to wait', async () => {
    handlers.push((_q, s) => json(s, 503, { error: 'Busy', code: 'content_unavailable' }, { 'retry-after': '7' }));
    const error = await client()
      .pins.create('bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, code: 'content_unavailable', retryAfter: 7 });
    expect(hits).toEqual(['POST /api/v2/pins']);
  });

  describe('an answer saying nothing was done', () => {
    const CID = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
    const shuttingDown: Handler = (_q, s) => json(s, 503, { error: 'Shutting down', code: 'shutting_down' }, { 'retry-after': '0' });
    /** Answers 201 once the whole body is in, with its length. */
    const created: Handler = (req, res) => {
      let length = 0;
      req.on('data', (chunk: Buffer) => (length += chunk.length));
      req.on('end', () => json(res, 201, { id: 'u1', received: length }));
    };

    it('sends an upload of bytes in memory again after 503 shutting_down, and it succeeds once', async () => {
      handlers.push(shuttingDown, created);
      const result = await client().uploads.file(new TextEncoder().encode('hello'), { filename: 'b.txt' });
      expect(result).toMatchObject({ id: 'u1' });
      expect((result as unknown as { received: number }).received).toBeGreaterThan(5);
      expect(hits).toEqual(['POST /api/v2/upload', 'POST /api/v2/upload']);
    });

    it('sends an upload of a file on disk again after 503 shutting_down', async () => {
      const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
      const { join } = await import('node:path');
      const { tmpdir } = await import('node:os');
      const dir = await mkdtemp(join(tmpdir(), 'cairn-resend-'));
      try {
        await writeFile(join(dir, 'b.txt'), 'hello from disk');
        handlers.push(shuttingDown, created);
        expect(await client().uploads.file(join(dir, 'b.txt'))).toMatchObject({ id: 'u1' });
        expect(hits).toHaveLength(2);
      } finally {
        await rm(dir, { recursive: true });
      }
    });

    it('sends pins.create again after 429 rate_limited', async () => {
      handlers.push(
        (_q, s) => json(s, 429, { error: 'Too many', code: 'rate_limited' }, { 'retry-after': '0' }),
        (_q, s) => json(s, 202, { id: 'p1', cid: CID, status: 'queued' }),
      );
      expect(await client().pins.create(CID)).toMatchObject({ id: 'p1' });
      expect(hits).toEqual(['POST /api/v2/pins', 'POST /api/v2/pins']);
    });

    it('does not send a one-shot stream again: the upload fails with the error', async () => {
      handlers.push(shuttingDown);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('hello'));
          controller.close();
        },
      });
      const error = await client()
        .uploads.file(stream, { filename: 'b.txt' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerError);
      expect(error).toMatchObject({ status: 503, code: 'shutting_down' });
      expect(hits).toHaveLength(1);
    });

    it('stays within maxRetries and the longest wait', async () => {
      handlers.push(shuttingDown, shuttingDown);
      const error = await client({ retry: { maxRetries: 1, baseDelayMs: 10 } })
        .pins.create(CID)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 503, code: 'shutting_down' });
      expect(hits).toHaveLength(2);

      hits.length = 0;
      handlers.push((_q, s) => json(s, 429, { error: 'Too many', code: 'rate_limited' }, { 'retry-after': '45' }));
      const limited = await client()
        .pins.create(CID)
        .catch((e: unknown) => e);
      expect(limited).toMatchObject({ status: 429, retryAfter: 45 });
      expect(hits).toHaveLength(1);
    });
  });

  it('retries an idempotent call after a dropped connection', async () => {
    handlers.push((req) => req.socket.destroy());
    expect(await client().usage.get()).toEqual({ used: 1 });
    expect(hits).toHaveLength(2);
  });

  it('reports a dropped connection as a ConnectionError when retries are off', async () => {
    handlers.push((req) => req.socket.destroy());
    const error = await client({ retry: { maxRetries: 0 } })
      .usage.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: 0, code: 'connection_error' });
  });

  it('times out a slow call with a TimeoutError', async () => {
    handlers.push((_q, s) => setTimeout(() => json(s, 200, {}), 2000));
    const error = await client({ timeoutMs: 100, retry: { maxRetries: 0 } })
      .usage.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout' });
  });

  it('cancels with an AbortSignal, also while waiting to retry', async () => {
    handlers.push((_q, s) => json(s, 503, { error: 'Busy', code: 'content_unavailable' }, { 'retry-after': '5' }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await client()
      .usage.get({ signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('sends the token and reads the error code, message and request id', async () => {
    let auth: string | undefined;
    handlers.push((q, s) => {
      auth = q.headers.authorization;
      json(s, 500, { error: 'Something went wrong', code: 'internal_error', requestId: 'req-1' });
    });
    const error = await client({ retry: { maxRetries: 0 } })
      .users.me()
      .catch((e: unknown) => e);
    expect(auth).toBe('Bearer cairn_test');
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 500, code: 'internal_error', message: 'Something went wrong', requestId: 'req-1' });
  });

  it('reads an upload only as fast as the connection takes it, never ahead into memory', async () => {
    let received = 0;
    let maxAhead = 0;
    let loaded = 0;
    handlers.push((req, res) => {
      // A slow server: 64 KiB at a time, every 2 ms.
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        maxAhead = Math.max(maxAhead, loaded - received);
        req.pause();
        setTimeout(() => req.resume(), 2);
      });
      req.on('end', () => json(res, 201, { cid: 'bafy', duplicate: false }));
    });
    const mib = new Uint8Array(1024 * 1024);
    async function* thirtyTwoMiB() {
      for (let i = 0; i < 32; i++) yield mib;
    }
    await client().uploads.file(thirtyTwoMiB(), { onProgress: (p) => (loaded = p.loaded) });
    expect(loaded).toBe(32 * 1024 * 1024);
    // Only what the socket buffers hold is read ahead of what the server has received.
    expect(maxAhead).toBeLessThan(12 * 1024 * 1024);
  });
});
