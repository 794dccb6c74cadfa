import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { apiSignup, apiToken, apiUpload, apiUploadFolder } from './harness/content';
import { en } from './harness/locales';
import { checkScreen, saveScreens } from './harness/screens';
import { ADMIN, startE2eServer, type E2eServer } from './harness/server';
import { FilesScreen, UploadScreen } from './page-models/content-pages';
import { LoginPage } from './page-models/login-page';
import { SettingsPage } from './page-models/settings-page';

/** My files (sorting, sharing, date and time), the token IP helper and the gateway's folder page. */

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;
let folderCid: string;

const EMAIL = 'sorting@example.com';
const PASSWORD = 'sorting-password';
const c = (key: string) => en('content', key);

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;
  await apiSignup(server, EMAIL, PASSWORD);
  const token = await apiToken(server, EMAIL, PASSWORD);
  await apiUpload(server, token, 'banana.txt', 'b'.repeat(3000));
  await apiUpload(server, token, 'apple.txt', 'a'.repeat(10));
  await apiUpload(server, token, 'cherry.txt', 'c'.repeat(500));
  folderCid = (await apiUploadFolder(server, token, { 'site/index.html': '<h1>Hi</h1>', 'site/css/site.css': 'body{}' })).cid;
  await new LoginPage(page).open(server.url).then((login) => login.logIn(EMAIL, PASSWORD));
});

afterEach(screenshotOnFailure(() => page, 'files-'));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('my files', () => {
  it('sorts by name, size and date from the column headers', async () => {
    const files = await new FilesScreen(page).open(server.url);
    await files.row('apple.txt').waitFor();
    const names = () => page.locator('table.files-table tbody .file-name-text').allInnerTexts();
    const header = (key: string) => page.getByRole('columnheader', { name: c(`fields.${key}`) });

    await expect(header('date').getAttribute('aria-sort')).resolves.toBe('descending');
    await header('name').getByRole('button').click();
    await expect.poll(names).toEqual(['apple.txt', 'banana.txt', 'cherry.txt', 'site']);
    await expect(header('name').getAttribute('aria-sort')).resolves.toBe('ascending');
    await header('name').getByRole('button').click();
    await expect.poll(names).toEqual(['site', 'cherry.txt', 'banana.txt', 'apple.txt']);
    await header('size').getByRole('button').click();
    await expect.poll(async () => [(await names())[0], (await names())[3]]).toEqual(['apple.txt', 'banana.txt']);
    await header('date').getByRole('button').click();
    await expect.poll(names).toEqual(['site', 'cherry.txt', 'apple.txt', 'banana.txt']);
  });

  it('shows where a file of a folder uploaded as separate files was in that folder', async () => {
    const token = await apiToken(server, EMAIL, PASSWORD);
    await apiUploadFolder(server, token, { 'x/readme.md': 'first', 'y/readme.md': 'second' }, 'files');
    const files = await new FilesScreen(page).open(server.url);
    await expect(files.row('readme.md').locator('.file-path').innerText()).resolves.toBe('x/readme.md');
    await expect(files.row('readme-1.md').locator('.file-path').innerText()).resolves.toBe('y/readme.md');
  });

  it('shows the time as well as the date, and copies a file’s gateway link', async () => {
    const files = await new FilesScreen(page).open(server.url);
    const row = files.row('apple.txt');
    await expect(row.locator('.cell-date').innerText()).resolves.toMatch(/\d{1,2}:\d{2}/);
    await files.choose('apple.txt', 'copy_link');
    await page.getByText(en('common', 'copy.done')).waitFor();
    const cid = await row.getAttribute('data-cid');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(`${server.url}/ipfs/${cid}`);
    await checkScreen(page, 'files-sortable');
  });
});

describe('API tokens', () => {
  it('fills the allowed IP with the address the server sees', async () => {
    await page.goto(`${server.url}/settings/tokens`);
    const modal = await new SettingsPage(page).openNewToken();
    await modal
      .form()
      .getByRole('button', { name: en('settings', 'tokens.use_my_ip') })
      .click();
    await expect.poll(() => modal.form().locator('input[name=allowedIp]').inputValue()).toBe('127.0.0.1');
    await checkScreen(page, 'tokens-my-ip', { fullPage: false });
  });
});

describe('upload', () => {
  it('asks before leaving the page while an upload is in flight', async () => {
    // Hold the upload on its way, so that it is still running when the user tries to leave.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v2/upload**', async (route) => {
      await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      await route.continue().catch(() => undefined);
    });
    try {
      const upload = await new UploadScreen(page).open(server.url);
      await upload.chooseMode('file');
      await upload.filePicker().setInputFiles({ name: 'slow.txt', mimeType: 'text/plain', buffer: Buffer.from('slow') });
      await upload.submit();
      await page.getByRole('button', { name: c('upload.cancel') }).waitFor();

      const asked: string[] = [];
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await page
        .locator('#sidebar')
        .getByRole('link', { name: en('common', 'nav.files'), exact: true })
        .click();
      await expect.poll(() => asked).toEqual([c('upload.leave_confirm')]);
      expect(new URL(page.url()).pathname).toBe('/upload');

      release();
      await upload.uploadedCid();
      // Done: leaving no longer asks.
      await page
        .locator('#sidebar')
        .getByRole('link', { name: en('common', 'nav.files'), exact: true })
        .click();
      await page.waitForURL(/\/files$/);
      expect(asked).toHaveLength(1);
    } finally {
      release();
      await page.unroute('**/api/v2/upload**');
    }
  });
});

describe('upload states', () => {
  it('says an upload was cancelled, keeping the selection, and retries a failed one', async () => {
    // The first request is held until cancelled, the second fails on the server, the third goes through.
    let requests = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v2/upload**', async (route) => {
      requests += 1;
      if (requests === 1) {
        await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 20_000))]);
        return route.abort().catch(() => undefined);
      }
      if (requests === 2) {
        return route
          .fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Disk full","code":"internal_error"}' })
          .catch(() => undefined);
      }
      await route.continue().catch(() => undefined);
    });
    try {
      const upload = await new UploadScreen(page).open(server.url);
      await upload.chooseMode('file');
      await upload.filePicker().setInputFiles({ name: 'again.txt', mimeType: 'text/plain', buffer: Buffer.from('again') });
      await upload.submit();
      await page.getByRole('button', { name: c('upload.cancel') }).click();
      await page.locator('[data-upload-cancelled]').getByText(c('upload.cancelled')).waitFor();
      await upload.preview().getByText('again.txt').waitFor();

      release();
      await upload.submit();
      await page.locator('[data-upload-error]').waitFor();
      await page.getByRole('button', { name: c('upload.retry') }).click();
      await upload.uploadedCid();
    } finally {
      release();
      await page.unroute('**/api/v2/upload**');
    }
  });

  it('warns before anything is chosen when the storage is already full', async () => {
    const admin = await apiToken(server, ADMIN.email, ADMIN.password);
    await server.api('POST', '/admin/plans', admin, { code: 'tiny', name: 'Tiny', storageLimitBytes: 1024, priceMonthlyEur: 0 });
    const { body } = await server.api('GET', `/admin/users?search=${encodeURIComponent(EMAIL)}`, admin);
    const id = (body as { users: { id: string }[] }).users[0]!.id;
    expect((await server.api('PATCH', `/admin/users/${id}`, admin, { planCode: 'tiny' })).status).toBe(200);
    await new UploadScreen(page).open(server.url);
    await page.locator('[data-quota-full]').getByText(c('upload.quota_full')).waitFor();
    await checkScreen(page, 'upload-quota-full');
  });
});

describe('DAG viewer', () => {
  it('downloads a file of the folder from its row', async () => {
    await page.goto(`${server.url}/dag/${folderCid}`);
    const link = page
      .locator('table.dag-table')
      .getByRole('link', { name: /index\.html$/ })
      .and(page.locator('[download]'));
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/\?download=1$/);
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="index\.html"/);
    await expect(response.text()).resolves.toBe('<h1>Hi</h1>');
  });
});

describe('gateway', () => {
  it("serves a folder's index.html, and lists a folder without one as a styled page with breadcrumbs", async () => {
    await page.goto(`${server.url}/ipfs/${folderCid}/`);
    await page.getByRole('heading', { name: 'Hi' }).waitFor();
    // Without the trailing slash, a redirect to it, so the page's relative links resolve below it.
    await page.goto(`${server.url}/ipfs/${folderCid}/css`);
    await page.waitForURL(/\/css\/$/);
    const crumbs = page.getByRole('navigation', { name: 'Path' });
    await crumbs.waitFor();
    await expect(crumbs.getByRole('link').count()).resolves.toBe(2);
    await page.getByRole('link', { name: 'site.css' }).waitFor();
    const background = await page.evaluate(() => getComputedStyle(document.querySelector('.card')!).borderRadius);
    expect(background).toBe('10px');
    // Not run through axe: the gateway's sandbox forbids the script axe needs, as it should.
    await saveScreens(page, 'gateway-listing');
  });
});
