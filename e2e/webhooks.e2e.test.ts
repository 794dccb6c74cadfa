import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../server/test/clock';
import { eventually } from '../server/test/eventually';
import { apiToken } from './harness/content';
import { en } from './harness/locales';
import { checkScreen } from './harness/screens';
import { signedInSession } from './harness/session';
import { signedWith, startWebhookReceiver, type WebhookReceiver } from '../server/test/webhook-receiver';
import { webhookText as s, WebhooksPage } from './page-models/webhooks-page';

/**
 * Settings > Webhooks as a user works it: an endpoint pointed at a real receiver on loopback, its
 * secret shown once, a test event that arrives signed, the delivery log and a resend; and the
 * banner an endpoint the server turned off after repeated failures shows, with its way back on.
 */

const USER = { email: 'ada.webhooks@example.com', password: 'ada-password-1' };
const session = signedInSession(USER, 'webhooks-');
const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

describe('webhooks', () => {
  it('adds an endpoint, shows its secret once, sends it a test event and resends the delivery', async () => {
    const { page, server } = session;
    const receiver = await startWebhookReceiver(200);
    receivers.push(receiver);
    const hooks = new WebhooksPage(page);
    await hooks.open(server.url);
    await hooks.section().getByText(s('webhooks.empty_title')).waitFor();
    await checkScreen(page, 'webhooks-empty');

    // Nothing filled in: both problems are said, and focus lands on the first.
    await hooks.openNew();
    await hooks.submit();
    await hooks.form().getByText(s('webhooks.events_required')).waitFor();
    await hooks.form().getByText(en('common', 'validation.required')).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('url');

    // A name the server will not look up is refused by the server, under the URL field.
    await hooks.urlField().fill('http://hooks.example.com/cairn');
    await hooks.form().getByLabel(s('webhooks.description_optional')).fill('Invoice pipeline');
    await hooks.tick('files');
    await hooks.tick('pins', 'pin.failed');
    await hooks.submit();
    await hooks.form().getByText(en('common', 'errors.webhook_url_refused')).waitFor();
    await expect.poll(() => hooks.urlField().getAttribute('aria-invalid')).toBe('true');
    await checkScreen(page, 'webhook-form', { fullPage: false });

    await hooks.urlField().fill(receiver.url);
    await hooks.submit();
    const secret = await hooks.secret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await checkScreen(page, 'webhook-secret', { fullPage: false });
    await hooks.done();
    // Shown once: nowhere on the page any more.
    await expect(page.content()).resolves.not.toContain(secret);

    const row = hooks.row(receiver.url);
    await expect(row.getAttribute('data-status')).resolves.toBe('enabled');
    await expect(row.locator('[data-events]').getAttribute('data-events')).resolves.toBe('upload.created record.deleted pin.failed');
    await expect(row.innerText()).resolves.toContain('Invoice pipeline');
    await checkScreen(page, 'webhooks-list');

    // The test event reaches the receiver, signed with the secret, and the toast says how it went.
    await hooks.choose(receiver.url, 'webhooks.send_test');
    await page.getByText(s('webhooks.test_succeeded', { code: 200 })).waitFor();
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    expect(signedWith(first!, secret)).toBe(true);
    expect(JSON.parse(first!.body)).toMatchObject({ type: 'webhook.test' });

    await hooks.choose(receiver.url, 'webhooks.deliveries');
    const delivery = hooks.deliveryRows().first();
    await expect.poll(() => delivery.getAttribute('data-status')).toBe('succeeded');
    await expect(delivery.innerText()).resolves.toContain(s('webhooks.event_webhook_test'));
    await expect(delivery.locator('[data-response]').innerText()).resolves.toBe('200');
    await checkScreen(page, 'webhook-deliveries', { fullPage: false });

    // Resent: the same event, with the same id, arrives again and the log counts the second attempt.
    await delivery.getByRole('button', { name: s('webhooks.resend'), exact: false }).click();
    await page.getByText(s('webhooks.resent')).waitFor();
    await eventually('the resend arrived', () => receiver.received.length === 2);
    expect(receiver.received[1]!.headers['cairn-event-id']).toBe(first!.headers['cairn-event-id']);
    expect(signedWith(receiver.received[1]!, secret)).toBe(true);
    await expect.poll(() => delivery.locator('td').nth(3).innerText(), { timeout: 15_000 }).toBe('2');
    await expect(delivery.getAttribute('data-status')).resolves.toBe('succeeded');
    await hooks
      .deliveries()
      .getByRole('button', { name: en('common', 'actions.close') })
      .first()
      .click();
    await hooks.deliveries().waitFor({ state: 'detached' });
  });

  it('rotates the signing secret: shown once, the old one signing beside it for the overlap chosen', async () => {
    const { page, server } = session;
    const receiver = await startWebhookReceiver(200);
    receivers.push(receiver);
    const token = await apiToken(server, USER.email, USER.password);
    const created = await server.api('POST', '/webhooks', token, { url: receiver.url, events: ['upload.created'] });
    expect(created.status).toBe(201);
    const oldSecret = (created.body as { secret: string }).secret;
    const hooks = new WebhooksPage(page);
    await hooks.open(server.url);

    await hooks.choose(receiver.url, 'webhooks.rotate');
    const rotate = page.getByRole('dialog', { name: s('webhooks.rotate_title') });
    await rotate.getByLabel(s('webhooks.rotate_overlap')).selectOption('72');
    await checkScreen(page, 'webhook-rotate', { fullPage: false });
    await rotate.getByRole('button', { name: s('webhooks.rotate_confirm') }).click();
    const secret = await hooks.secret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(secret).not.toBe(oldSecret);
    const until = await hooks.secretDialog().locator('[data-previous-until]').getAttribute('data-previous-until');
    expect(Date.parse(until!) - Date.now()).toBeGreaterThan(72 * 3_600_000 - 120_000);
    await hooks.done();
    await expect(page.content()).resolves.not.toContain(secret);
    const row = hooks.row(receiver.url);
    await expect.poll(() => row.locator('[data-previous-until]').getAttribute('data-previous-until')).toBe(until);

    // A delivery now carries a signature for each secret: a receiver on either accepts it.
    await hooks.choose(receiver.url, 'webhooks.send_test');
    await page.getByText(s('webhooks.test_succeeded', { code: 200 })).waitFor();
    const [got] = receiver.received;
    expect(signedWith(got!, secret)).toBe(true);
    expect(signedWith(got!, oldSecret)).toBe(true);
  });

  it('edits an endpoint, turns it off and on, and deletes it after asking', async () => {
    const { page, server } = session;
    const receiver = await startWebhookReceiver(200);
    receivers.push(receiver);
    const token = await apiToken(server, USER.email, USER.password);
    const created = await server.api('POST', '/webhooks', token, { url: receiver.url, events: ['upload.created'] });
    expect(created.status).toBe(201);
    const hooks = new WebhooksPage(page);
    await hooks.open(server.url);

    await hooks.choose(receiver.url, 'webhooks.edit');
    const edit = page.getByRole('dialog', { name: s('webhooks.edit_title') });
    await edit.getByLabel(s('webhooks.description_optional')).fill('Payments feed');
    await edit.getByRole('checkbox', { name: s('webhooks.group_all', { group: s('webhooks.group_payments') }) }).check();
    await edit.getByRole('button', { name: s('webhooks.save') }).click();
    await edit.waitFor({ state: 'detached' });
    const row = hooks.row(receiver.url);
    await expect
      .poll(() => row.locator('[data-events]').getAttribute('data-events'))
      .toBe('upload.created payment.succeeded payment.failed');
    await expect(row.innerText()).resolves.toContain('Payments feed');

    await hooks.choose(receiver.url, 'webhooks.turn_off');
    await expect.poll(() => row.getAttribute('data-status')).toBe('disabled');
    await hooks.choose(receiver.url, 'webhooks.turn_on');
    await expect.poll(() => row.getAttribute('data-status')).toBe('enabled');

    await hooks.choose(receiver.url, 'webhooks.delete');
    const confirm = page.getByRole('alertdialog', { name: s('webhooks.delete_title') });
    await confirm.getByRole('button', { name: s('webhooks.delete') }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row.count()).toBe(0);
    const id = (created.body as { id: string }).id;
    expect((await server.api('GET', `/webhooks/${id}`, token)).status).toBe(404);
  });

  it('shows a banner for an endpoint the server turned off after repeated failures, and turns it back on', async () => {
    const { page, server } = session;
    const receiver = await startWebhookReceiver(500);
    receivers.push(receiver);
    const token = await apiToken(server, USER.email, USER.password);
    const created = await server.api('POST', '/webhooks', token, { url: receiver.url, events: ['upload.created'] });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;

    // Fourteen deliveries already given up in a row; the fifteenth fails for 24 hours on a clock the
    // test moves, and the server's own policy turns the endpoint off.
    const { app } = server;
    await app.db.updateTable('webhook_endpoints').set({ consecutive_failures: 14 }).where('id', '=', id).execute();
    const deliveries = () => app.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', id).execute();
    const real = app.clock;
    const clock = manualClock(Date.now());
    app.clock = clock;
    try {
      expect((await server.api('POST', `/webhooks/${id}/test`, token)).status).toBe(202);
      // The test event is stamped with the wall clock, a moment after the test's clock started.
      clock.advance(Date.now() - clock.now() + 1000);
      app.jobs?.kick('webhook');
      for (let attempt = 1; attempt <= 12; attempt += 1) {
        await eventually(`attempt ${attempt} ran`, async () => (await deliveries())[0]?.attempts === attempt);
        const [row] = await deliveries();
        if (row!.status === 'failed') break;
        clock.advance(Date.parse(row!.next_attempt_at!) - clock.now());
        app.jobs?.kick('webhook');
      }
    } finally {
      app.clock = real;
    }
    const [given] = await deliveries();
    expect(given).toMatchObject({ status: 'failed', last_status_code: 500 });
    expect(receiver.received.length).toBe(given!.attempts);
    const off = await server.api('GET', `/webhooks/${id}`, token);
    expect(off.body).toMatchObject({ enabled: false, consecutiveFailures: 15 });

    const hooks = new WebhooksPage(page);
    await hooks.open(server.url);
    const banner = hooks.banner(id);
    await banner.waitFor();
    await expect(banner.innerText()).resolves.toContain(s('webhooks.banner_title', { url: receiver.url }));
    await expect(banner.innerText()).resolves.toContain(s('webhooks.banner_reason_other', { count: 15 }));
    const row = hooks.row(receiver.url);
    await expect(row.getAttribute('data-status')).resolves.toBe('failing');
    await expect(row.innerText()).resolves.toContain(s('webhooks.status_failing'));
    await checkScreen(page, 'webhooks-turned-off');

    await banner.getByRole('button', { name: s('webhooks.turn_back_on') }).click();
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => row.getAttribute('data-status')).toBe('enabled');
    const on = await server.api('GET', `/webhooks/${id}`, token);
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
  });
});
