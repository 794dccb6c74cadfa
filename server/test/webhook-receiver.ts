import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/**
 * An HTTP receiver on 127.0.0.1 that keeps every request it gets and answers each with the next
 * status of `statuses` (the last one repeats), with `headers`.
 */
export async function startWebhookReceiver(statuses: number | number[], headers: Record<string, string> = {}): Promise<WebhookReceiver> {
  const answers = Array.isArray(statuses) ? statuses : [statuses];
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answers[Math.min(received.length - 1, answers.length - 1)]!, headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Checks `Cairn-Signature` as a receiver does (see the README's Webhooks section): exactly one `t`,
 * and a `v1` that is the HMAC-SHA256 of `<t>.<body>` keyed with the whole secret.
 */
export function signedWith(got: ReceivedWebhook, secret: string): boolean {
  const pairs = String(got.headers['cairn-signature'])
    .split(',')
    .map((pair) => pair.trim().split('=') as [string, string]);
  const t = pairs.filter(([key]) => key === 't');
  if (t.length !== 1) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t[0]![1]}.${got.body}`).digest();
  return pairs.some(([key, value]) => key === 'v1' && value.length === 64 && crypto.timingSafeEqual(Buffer.from(value, 'hex'), expected));
}
