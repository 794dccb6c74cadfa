import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { instancesOnOneDataDir, signUp, stopInstance, upload } from '../../test/crash';
import { eventually } from '../../test/eventually';
import { DRIVERS } from '../../test/harness';
import { createTestDatabase } from '../../test/pg';

/**
 * kill -9 of the server while a receiver holds a delivery open: the next start takes the delivery
 * over once its lease has lapsed and sends the same event again, with the same id (at least once).
 */
describe.each(DRIVERS)('a webhook delivery cut short by kill -9 (%s)', (driver) => {
  const cleanUps: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it('is sent again with the same event id after a restart, and no log line holds the secret', async () => {
    const database = driver === 'pg' ? await createTestDatabase() : null;
    if (database) cleanUps.push(database.drop);
    const instances = instancesOnOneDataDir('cairn-webhook-crash-', {
      LEASE_SECONDS: '2',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    cleanUps.push(() => instances.cleanUp());

    // The first delivery is held unanswered (the server dies meanwhile); the next one is taken.
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (received.length > 1) response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanUps.push(
      () =>
        new Promise((resolve) => {
          receiver.closeAllConnections();
          receiver.close(resolve);
        }),
    );
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    const first = await instances.start();
    const user = await signUp(first.api);
    const created = await first.api.post('/api/v2/webhooks', { url, events: ['upload.created'] }, { token: user.token });
    expect(created.status, created.text).toBe(201);
    const secret = created.body.secret as string;
    expect((await upload(first, user.token, 'a.txt', new TextEncoder().encode('delivered at least once'))).status).toBe(201);
    await eventually('the receiver holds the first delivery', () => received.length === 1);
    first.kill();
    await first.exited;

    const second = await instances.start();
    await eventually('the restarted server sent the event again', () => received.length === 2);
    const ids = received.map((r) => r.headers['cairn-event-id']);
    expect(ids[0]).toBeTruthy();
    expect(ids[1]).toBe(ids[0]);
    expect(received[1]!.body).toBe(received[0]!.body);
    for (const got of received) {
      const [t, v1] = String(got.headers['cairn-signature']).split(',');
      const expected = crypto
        .createHmac('sha256', secret)
        .update(`${t!.slice(2)}.${got.body}`)
        .digest('hex');
      expect(v1).toBe(`v1=${expected}`);
    }
    await stopInstance(second);
    expect(first.output()).not.toContain(secret);
    expect(second.output()).not.toContain(secret);
    expect(second.output()).not.toContain(secret.slice(6));
  });
});
