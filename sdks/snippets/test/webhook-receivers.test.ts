/**
 * The webhook receivers of `sdks/snippets/webhooks`, one per SDK, each run with its language's own
 * runtime as a real HTTP server on loopback and checking every delivery with its SDK's
 * `verifyWebhook`. A live server (with the Stripe stand-in) sends them an event of every type; each
 * receiver must verify every one and refuse a delivery signed with another secret.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyPlan, startBillingServer, startCheckout, type BillingServer } from '../../../server/test/billing';
import { eventually } from '../../../server/test/eventually';
import { createUser, fileForm, setStorageLimit, uploadFile, type TestUser } from '../../../server/test/factories';
import { psaSettled } from '../../../server/test/psa';
import { webhookEventTypeValues } from '../../../shared/src/api-types/schemas';
import { setups } from './runners';

/** A valid CID that no node here holds. */
const UNKNOWN_CID = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';
const LANGUAGES = ['typescript', 'javascript', 'python', 'php', 'go'] as const;
const FILES: Record<(typeof LANGUAGES)[number], string> = {
  typescript: 'webhooks/typescript.ts',
  javascript: 'webhooks/javascript.mjs',
  python: 'webhooks/python.py',
  php: 'webhooks/php.php',
  go: 'webhooks/go.go',
};

interface Receiver {
  language: string;
  url: string;
  secret: string;
  webhookId: string;
  lines: string[];
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A delivery signed as Cairn signs, with whatever secret is given. */
function signed(body: string, secret: string) {
  const t = Math.floor(Date.now() / 1000);
  const v1 = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return { 'content-type': 'application/json', 'cairn-signature': `t=${t},v1=${v1}` };
}

describe('webhook receivers in every SDK', () => {
  let billing: BillingServer;
  let user: TestUser;
  const receivers: Receiver[] = [];
  const dirs: string[] = [];
  const children: ChildProcess[] = [];

  /**
   * Starts `language`'s receiver on a free port and points its endpoint there. A port found free
   * can be taken before the receiver binds it: a receiver that exits before it answers is started
   * again on another port (at most three times), and one that never answers fails with its stderr.
   */
  async function startReceiver(language: (typeof LANGUAGES)[number], webhookId: string, secret: string): Promise<Receiver> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cairn-receiver-${language}-`));
    dirs.push(dir);
    const launch = setups[language]!(dir, FILES[language]);
    const probe = JSON.stringify({ id: crypto.randomUUID(), type: 'probe', createdAt: new Date().toISOString(), data: {} });
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/hooks/cairn`;
      const moved = await billing.server.api.patch(`/api/v2/webhooks/${webhookId}`, { url }, { token: user.token });
      expect(moved.status, moved.text).toBe(200);
      // PHP's own web server runs the script for each request.
      const args = language === 'php' ? ['-S', `127.0.0.1:${port}`, ...launch.args] : launch.args;
      const env = { ...process.env, ...launch.env, PORT: String(port), CAIRN_WEBHOOK_SECRET: secret };
      const child = spawn(launch.command, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      const receiver: Receiver = { language, url, secret, webhookId, lines: [] };
      let stderr = '';
      let exited = false;
      child.stdout!.on('data', (chunk: Buffer) => receiver.lines.push(...chunk.toString().split('\n').filter(Boolean)));
      child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
      child.on('exit', () => (exited = true));
      const answers = async () =>
        (await fetch(url, { method: 'POST', headers: signed(probe, secret), body: probe }).catch(() => null))?.status === 200;
      // `go run` compiles first.
      await eventually(`the ${language} receiver answers or exits`, async () => exited || (await answers()), {
        withinMs: 90_000,
        everyMs: 250,
      }).catch((error: Error) => {
        throw new Error(`${error.message}; its stderr: ${stderr}`);
      });
      if (!exited) return receiver;
      if (attempt === 3) throw new Error(`the ${language} receiver exited three times; its stderr: ${stderr}`);
    }
  }

  beforeAll(async () => {
    billing = await startBillingServer('sqlite', { webhooksAllowPrivateTargets: true, pinTimeoutMs: 500 });
    user = await createUser(billing.server);
    const started = LANGUAGES.map(async (language) => {
      const created = await billing.server.api.post(
        '/api/v2/webhooks',
        { url: 'http://127.0.0.1:9/hooks/cairn', description: `${language} receiver`, events: [...webhookEventTypeValues] },
        { token: user.token },
      );
      expect(created.status, created.text).toBe(201);
      return startReceiver(language, created.body.id as string, created.body.secret as string);
    });
    receivers.push(...(await Promise.all(started)));
  }, 150_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await billing?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Makes the account go through a change of every kind an event reports. */
  async function everyEvent() {
    const api = billing.server.api;
    const other = await createUser(billing.server);
    const shared = await uploadFile(billing.server, other, 'shared.txt', `held by another account ${crypto.randomUUID()}`);
    const remote = await uploadFile(billing.server, other, 'remote.txt', `pinned remotely ${crypto.randomUUID()}`);
    // upload.created, then record.deleted
    const own = await uploadFile(billing.server, user, 'mine.txt', 'mine for a moment');
    expect((await api.delete(`/api/v2/uploads/${own.uploadId}`, { token: user.token })).status).toBe(200);
    // pin.queued, pin.pinning, pin.pinned; pin.failed
    expect((await api.post('/api/v2/pins', { cid: shared.cid }, { token: user.token })).status).toBe(201);
    expect((await api.post('/api/v2/pins', { cid: UNKNOWN_CID }, { token: user.token })).status).toBe(404);
    // psa.pin.queued, psa.pin.pinning, psa.pin.pinned; psa.pin.failed
    for (const cid of [remote.cid, UNKNOWN_CID]) {
      const created = await api.post('/psa/pins', { cid }, { token: user.token });
      expect(created.status).toBe(202);
      await psaSettled(billing.server, user.token, created.body.requestid);
    }
    // quota.near_limit, then quota.exceeded
    const used = Number((await api.get('/api/v2/users/me/usage', { token: user.token })).body.used);
    await setStorageLimit(billing.server, user, used + 100);
    await uploadFile(billing.server, user, 'near.txt', 'n'.repeat(90));
    const body = fileForm([{ name: 'too-big.txt', content: 'x'.repeat(500) }]);
    const refused = await api.request('POST', '/api/v2/upload', { token: user.token, body });
    expect(refused.body.code).toBe('quota_exceeded');
    // payment.failed, then payment.succeeded
    const declined = await startCheckout(billing, user, 'pro');
    await billing.stripe.pay(declined.sessionId, { paymentStatus: 'unpaid' });
    await billing.stripe.sendEvent('checkout.session.async_payment_failed', billing.stripe.sessions.get(declined.sessionId));
    await buyPlan(billing, user, 'pro');
    // webhook.test, to each endpoint alone
    for (const receiver of receivers) {
      expect((await api.post(`/api/v2/webhooks/${receiver.webhookId}/test`, undefined, { token: user.token })).status).toBe(202);
    }
  }

  it('verifies a delivery of every event type with each SDK, and refuses a forged one', async () => {
    await everyEvent();
    const wanted = [...webhookEventTypeValues, 'webhook.test'].sort();
    const verifiedTypes = (receiver: Receiver) =>
      [
        ...new Set(
          receiver.lines
            .filter((line) => line.startsWith('verified '))
            .map((line) => line.split(' ')[1])
            .filter((type) => type !== 'probe'),
        ),
      ].sort();
    for (const receiver of receivers) {
      await eventually(
        `the ${receiver.language} receiver verified every event type`,
        () => verifiedTypes(receiver).length === wanted.length,
        {
          withinMs: 60_000,
          everyMs: 200,
        },
      );
      expect(verifiedTypes(receiver), receiver.language).toEqual(wanted);
      expect(
        receiver.lines.filter((line) => line.startsWith('refused ')),
        receiver.language,
      ).toEqual([]);
    }
    // Every delivery succeeded at its first attempt: no receiver refused a real one.
    const deliveries = () => billing.server.app.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute();
    await eventually('every delivery is over', async () => (await deliveries()).every((d) => d.status !== 'pending'));
    const all = await deliveries();
    expect(all.length).toBeGreaterThan(receivers.length * wanted.length);
    expect(all.filter((d) => d.status !== 'succeeded' || d.attempts !== 1)).toEqual([]);

    // A delivery signed with another secret, or with this one over other bytes, is refused.
    const body = JSON.stringify({ id: crypto.randomUUID(), type: 'upload.created', createdAt: new Date().toISOString(), data: {} });
    for (const receiver of receivers) {
      const forged = await fetch(receiver.url, { method: 'POST', headers: signed(body, `whsec_${'A'.repeat(43)}`), body });
      expect(forged.status, receiver.language).toBe(400);
      const altered = await fetch(receiver.url, { method: 'POST', headers: signed(body, receiver.secret), body: `${body} ` });
      expect(altered.status, receiver.language).toBe(400);
      const genuine = await fetch(receiver.url, { method: 'POST', headers: signed(body, receiver.secret), body });
      expect(genuine.status, receiver.language).toBe(200);
    }
  });
});
