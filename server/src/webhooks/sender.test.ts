import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendWebhook } from './sender';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0Dhf9zsEuxM';
const BODY = JSON.stringify({ id: 'evt_1', type: 'webhook.test', createdAt: '2026-11-28T00:00:00.000Z', data: { name: 'café' } });

interface Received {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A receiver on loopback that records what it gets and answers as `answer` says. */
async function receiver(answer: (response: http.ServerResponse) => void) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      answer(response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { received, port, url: new URL(`http://127.0.0.1:${port}/hook`) };
}

const loopback = { address: '127.0.0.1', family: 4 as const };
const attempt = (url: URL) => ({ url, address: loopback, eventId: 'evt_1', body: BODY, secrets: [SECRET], signedAt: 1764288000 });

/** What a receiver does with the format's rules: HMAC of `t.body` with the whole secret, any v1 matching. */
function verifies(received: Received, secret: string): boolean {
  const parts = String(received.headers['cairn-signature'])
    .split(',')
    .map((part) => part.trim().split('='));
  const t = parts.filter(([key]) => key === 't').map(([, value]) => value);
  if (t.length !== 1) return false;
  const expected = crypto
    .createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${t[0]}.`), received.body]))
    .digest();
  return parts.some(([key, value]) => key === 'v1' && crypto.timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}

describe('sending a webhook', () => {
  it('posts the body with the event id and a signature the receiver verifies', async () => {
    const target = await receiver((response) => response.writeHead(204).end());
    const result = await sendWebhook(attempt(target.url));
    expect(result).toMatchObject({ ok: true, statusCode: 204, error: null });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(target.received).toHaveLength(1);
    const [got] = target.received;
    expect(got!.body.toString('utf8')).toBe(BODY);
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['cairn-event-id']).toBe('evt_1');
    expect(got!.headers['cairn-signature']).toMatch(/^t=1764288000,v1=[0-9a-f]{64}$/);
    expect(verifies(got!, SECRET)).toBe(true);
    expect(verifies(got!, 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(false);
  });

  it('fails on a 500, with the code for the log', async () => {
    const target = await receiver((response) => response.writeHead(500).end('oops'));
    expect(await sendWebhook(attempt(target.url))).toMatchObject({ ok: false, statusCode: 500, error: 'answered 500' });
  });

  it('never follows a redirect: a 3xx is a failure and its Location gets nothing', async () => {
    const elsewhere = await receiver((response) => response.writeHead(200).end());
    const target = await receiver((response) => response.writeHead(307, { Location: elsewhere.url.href }).end());
    const result = await sendWebhook(attempt(target.url));
    expect(result).toMatchObject({ ok: false, statusCode: 307 });
    expect(result.error).toContain('redirects are not followed');
    expect(elsewhere.received).toHaveLength(0);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const target = await receiver(() => undefined);
    const result = await sendWebhook({ ...attempt(target.url), timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toContain('no answer within');
  });

  it('reports a refused connection', async () => {
    const target = await receiver((response) => response.writeHead(200).end());
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(await sendWebhook(attempt(target.url))).toMatchObject({ ok: false, statusCode: null, error: 'ECONNREFUSED' });
  });

  it('connects to the checked address, not to what the name resolves to now', async () => {
    const target = await receiver((response) => response.writeHead(200).end());
    // `.invalid` never resolves: reaching the receiver proves no second lookup happened.
    const url = new URL(`http://hooks.invalid:${target.port}/hook`);
    expect(await sendWebhook(attempt(url))).toMatchObject({ ok: true, statusCode: 200 });
    expect(target.received[0]!.headers.host).toBe(`hooks.invalid:${target.port}`);
  });
});
