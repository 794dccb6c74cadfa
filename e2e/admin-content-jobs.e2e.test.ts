import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobRow } from '../server/src/db/schema';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { en } from './harness/locales';
import { checkScreen } from './harness/screens';
import { ADMIN, startE2eServer, type E2eServer } from './harness/server';
import { a, AdminConsole, af } from './page-models/admin-console';
import { LoginPage } from './page-models/login-page';

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;
let admin: AdminConsole;
/** Content pinned that no record references any more: what a release that gave up leaves. */
let strayCid: string;
const BROKEN = 'not-a-cid';
const LATER = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';

async function insertJob(row: Partial<JobRow>): Promise<void> {
  const now = new Date().toISOString();
  await server.app.db
    .insertInto('jobs')
    .values({
      id: crypto.randomUUID(),
      kind: 'release',
      cid: LATER,
      reservation_id: null,
      status: 'failed',
      attempts: 10,
      run_after: now,
      lease_owner: null,
      lease_until: null,
      last_error: 'Error: the engine did not answer',
      created_at: now,
      updated_at: now,
      ...row,
    })
    .execute();
}

beforeAll(async () => {
  server = await startE2eServer();
  const login = await server.api('POST', '/auth/login', undefined, ADMIN);
  const token = (login.body as { token: string }).token;
  const form = new FormData();
  form.append('file', new Blob(['kept by nobody']), 'stray.txt');
  const uploaded = await fetch(`${server.url}/api/v2/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { uploadId, cid } = (await uploaded.json()) as { uploadId: string; cid: string };
  strayCid = cid;
  await server.app.db.deleteFrom('uploads').where('id', '=', uploadId).execute();
  await insertJob({ cid: strayCid, created_at: '2025-03-01T08:00:00.000Z' });
  await insertJob({ cid: BROKEN, created_at: '2025-03-02T08:00:00.000Z' });
  // Retrying on its own, next in an hour.
  await insertJob({ status: 'pending', attempts: 3, run_after: new Date(Date.now() + 3_600_000).toISOString() });

  browser = await launchBrowser();
  page = browser.page;
  admin = new AdminConsole(page, server.url);
  await new LoginPage(page).open(server.url).then((loginPage) => loginPage.logIn(ADMIN.email, ADMIN.password));
});

afterEach(screenshotOnFailure(() => page, 'admin-content-jobs-'));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('admin console: content jobs', () => {
  it('lists failed and pending jobs with their attempts, last error and next run, reached from the admin menu', async () => {
    await page.goto(`${server.url}/admin`);
    await page
      .locator('#sidebar .nav-sub')
      .getByRole('link', { name: en('common', 'admin_nav.content_jobs') })
      .click();
    await admin.heading('content_jobs.title').waitFor();
    await expect.poll(() => admin.rows().count()).toBe(3);
    const stray = admin.row(strayCid);
    expect(await stray.textContent()).toContain(a('content_jobs.status_failed'));
    expect(await stray.textContent()).toContain('Error: the engine did not answer');
    expect(await stray.textContent()).toContain(a('content_jobs.never_on_its_own'));
    const later = admin.row(LATER);
    expect(await later.textContent()).toContain(a('content_jobs.status_pending'));
    expect(await later.locator('td').nth(3).textContent()).toBe('3');
    await checkScreen(page, 'admin-content-jobs');

    await page.getByRole('combobox', { name: a('content_jobs.status') }).selectOption('failed');
    await page.waitForURL((url) => url.searchParams.get('status') === 'failed');
    await expect.poll(() => admin.rows().count()).toBe(2);
  });

  it('retries a failed job: one carried out leaves the list, one that fails again is back to pending', async () => {
    await admin.open('content-jobs');
    await expect.poll(() => admin.rows().count()).toBe(3);
    await admin
      .row(strayCid)
      .getByRole('button', { name: af('content_jobs.retry_named', { cid: strayCid }) })
      .click();
    await admin.message(af('content_jobs.retried_done', { cid: strayCid })).waitFor();
    await expect.poll(() => admin.rows().count()).toBe(2);
    expect(await server.app.content.isPinned(strayCid)).toBe(false);

    const broken = admin.row(BROKEN);
    await broken.getByRole('button', { name: af('content_jobs.retry_named', { cid: BROKEN }) }).click();
    await admin.message(af('content_jobs.retried_failed', { cid: BROKEN })).waitFor();
    await broken.getByText(a('content_jobs.status_pending')).waitFor();
    expect(await broken.locator('td').nth(3).textContent()).toBe('1');
  });
});
