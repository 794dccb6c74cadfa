import { expect } from 'vitest';
import type { TestServer } from './harness';

/** Loopback networking for the embedded engine, so that `delegates` are real addresses. */
export const LOOPBACK_PEERS = { network: 'peers' as const, listen: ['/ip4/127.0.0.1/tcp/0'], peers: [] };

const POLL_MS = 100;

/** Polls `GET /psa/pins/{requestid}` until `done` holds of its answer, or fails after `withinMs`. */
export async function psaPinUntil(
  server: TestServer,
  token: string,
  requestid: string,
  done: (res: { status: number; body: any }) => boolean,
  withinMs = 20_000,
) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const res = await server.api.get(`/psa/pins/${requestid}`, { token });
    if (done(res)) return res;
    if (Date.now() > deadline) throw new Error(`pin ${requestid} stayed ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Waits until the pin request has settled (pinned or failed) and returns its PinStatus. */
export async function psaSettled(server: TestServer, token: string, requestid: string, withinMs?: number) {
  const res = await psaPinUntil(
    server,
    token,
    requestid,
    (r) => r.status !== 200 || ['pinned', 'failed'].includes(r.body.status),
    withinMs,
  );
  expect(res.status).toBe(200);
  return res.body;
}

/** The spec's error shape, with this reason. */
export function expectPsaError(res: { status: number; body: any }, status: number, reason: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ error: { reason, details: expect.any(String) } });
}
