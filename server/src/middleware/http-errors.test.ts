import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { createLogger } from '../lib/logger';
import type { AppState } from '../koa-types';
import { errorHandler } from './error-handler';

describe('request handling errors', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'sqlite', config: { jsonBodyLimitBytes: 4096 } });
  });
  afterAll(() => server.close());

  it('answers a request line over 16 KiB with a JSON 431, and a request that is not HTTP with a JSON 400', async () => {
    const long = await fetch(`${server.url}/api/v2/users/me/uploads?search=${'%C3%A9'.repeat(3000)}`);
    expect(long.status).toBe(431);
    expect(long.headers.get('content-type')).toContain('application/json');
    expect(await long.json()).toEqual({ error: 'The request line and headers are over 16 KiB', code: 'headers_too_large' });

    const psa = await fetch(`${server.url}/psa/pins?cid=${'%C3%A9'.repeat(3000)}`);
    expect(psa.status).toBe(431);
    expect(await psa.json()).toEqual({ error: { reason: 'HEADERS_TOO_LARGE', details: 'The request line and headers are over 16 KiB' } });

    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.setTimeout(5000, () => reject(new Error('no answer')));
    });
    expect(answer.startsWith('HTTP/1.1 400 Bad Request')).toBe(true);
    expect(answer).toContain('"code":"bad_request"');
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await server.api.request('POST', '/api/v2/auth/login', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Request body is not valid JSON', code: 'invalid_json' });
  });

  it('refuses an oversized body with 413 before reading it whole', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(10_000) });
    const res = await server.api.request('POST', '/api/v2/auth/login', { body: big, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('refuses an oversized chunked body too', async () => {
    const chunks = (async function* () {
      for (let i = 0; i < 10; i++) yield new TextEncoder().encode(`${'y'.repeat(1000)}`);
    })();
    const res = await fetch(`${server.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: ReadableStreamFrom(chunks),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('refuses a non-JSON content type with 415', async () => {
    const res = await server.api.request('POST', '/api/v2/auth/login', {
      body: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('unsupported_media_type');
  });

  it('answers unknown API routes with a JSON 404 and wrong methods with 405', async () => {
    const missing = await server.api.get('/api/v2/no-such-thing', { unchecked: true });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Not found', code: 'not_found' });
    const method = await server.api.request('PATCH', '/api/v2/auth/login', { unchecked: true });
    expect(method.status).toBe(405);
    expect(method.body.code).toBe('method_not_allowed');
    expect(method.headers.get('allow')).toBe('POST');
    const unknownVerb = await server.api.request('PROPFIND', '/api/v2/users/me', { unchecked: true });
    expect(unknownVerb.status).toBe(405);
    expect(unknownVerb.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'HEAD', 'PUT']);
    // A path that is a route of its own is not also the parameterised route next to it.
    for (const [path, allow] of [
      ['/api/v2/file/folder', 'POST'],
      ['/api/v2/tokens/generate', 'POST'],
      ['/api/v2/payments/webhook', 'POST'],
    ]) {
      const options = await server.api.request('OPTIONS', path!, { unchecked: true });
      expect(options.headers.get('allow'), path).toBe(allow);
      for (const verb of ['PUT', 'DELETE', 'GET']) {
        const res = await server.api.request(verb, path!, { unchecked: true });
        expect([res.status, res.headers.get('allow'), res.body.code], `${verb} ${path}`).toEqual([405, allow, 'method_not_allowed']);
      }
    }
    // Outside the API base path too, for a known method and for one no route implements.
    for (const path of ['/healthz', '/docs/openapi.yaml', '/ipfs/bafkqaaa']) {
      for (const verb of ['PATCH', 'PROPFIND']) {
        const res = await server.api.request(verb, path, { unchecked: true });
        expect(res.status, `${verb} ${path}`).toBe(405);
        expect(res.headers.get('allow'), `${verb} ${path}`).toContain('GET');
        expect(res.body.code, `${verb} ${path}`).toBe('method_not_allowed');
      }
    }
  });

  it('asks for a bearer token on 401', async () => {
    const res = await server.api.get('/api/v2/users/me');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="cairn"');
  });

  it('sets security headers and a request id on every response', async () => {
    const user = await createUser(server);
    const res = await server.api.get('/api/v2/users/me', { token: user.token });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

function ReadableStreamFrom(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await it.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
}

describe('errorHandler', () => {
  it('turns an unexpected error into a 500 that reveals nothing', async () => {
    const koa = new Koa<AppState>();
    const lines: string[] = [];
    const logger = {
      ...createLogger('silent'),
      error: (m: string, f?: Record<string, unknown>) => void lines.push(`${m} ${JSON.stringify(f)}`),
    };
    koa.use(async (ctx, next) => {
      ctx.state.app = { logger } as unknown as AppState['app'];
      ctx.state.requestId = 'req-12345678';
      await next();
    });
    koa.use(errorHandler());
    koa.use(() => {
      throw new Error('SELECT * FROM users: connection to 10.0.0.5 refused');
    });
    const server = http.createServer(koa.callback()).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: 'Internal server error', code: 'internal_error', requestId: 'req-12345678' });
      expect(text).not.toContain('10.0.0.5');
      expect(lines.join()).toContain('10.0.0.5');
    } finally {
      server.close();
    }
  });
});
