import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './target';
import { webhookSignatureHeader } from './signature';

/** How long one attempt may take, connection to answer: a receiver that hangs fails the attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookAttempt {
  url: URL;
  /** Where to connect: the address the target check resolved (never a second lookup). */
  address: ResolvedAddress;
  eventId: string;
  /** The exact bytes sent and signed. */
  body: string;
  secrets: readonly string[];
  /** Unix seconds the attempt is signed at. */
  signedAt: number;
  timeoutMs?: number;
}

export interface WebhookAttemptResult {
  /** A 2xx answer; anything else (a 3xx included: redirects are never followed) is a failure. */
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, for the delivery log; null on success. Never carries the secret or the body. */
  error: string | null;
  latencyMs: number;
}

/** Pins the connection to the checked address whatever name the URL carries (TLS still checks that name). */
function pinnedLookup(address: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  }) as LookupFunction;
}

/** One signed POST of an event to an endpoint. Never throws: every outcome is a result to log. */
export function sendWebhook(attempt: WebhookAttempt): Promise<WebhookAttemptResult> {
  const started = performance.now();
  const timeoutMs = attempt.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const body = Buffer.from(attempt.body, 'utf8');
  const transport = attempt.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ok = error === null && statusCode !== null && statusCode >= 200 && statusCode < 300;
      resolve({
        ok,
        statusCode,
        error: ok ? null : (error ?? `answered ${statusCode}`),
        latencyMs: Math.round(performance.now() - started),
      });
      request.destroy();
    };
    const request = transport.request(attempt.url, {
      method: 'POST',
      agent: false,
      lookup: pinnedLookup(attempt.address),
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': String(body.length),
        'User-Agent': 'Cairn-Webhooks/1',
        'Cairn-Event-Id': attempt.eventId,
        'Cairn-Signature': webhookSignatureHeader(body, attempt.secrets, attempt.signedAt),
      },
    });
    const timer = setTimeout(() => finish(null, `no answer within ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
    // Only the status counts: the answer's body is neither read nor kept.
    request.on('response', (response) => {
      const status = response.statusCode ?? null;
      finish(status, status !== null && status >= 300 && status < 400 ? `answered ${status} (redirects are not followed)` : null);
    });
    request.on('error', (error: NodeJS.ErrnoException) => finish(null, error.code ?? error.message));
    request.end(body);
  });
}
