import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { apiSignup, apiToken, apiUpload, apiUploadFolder } from './harness/content';
import { en, translation } from './harness/locales';
import { checkScreen } from './harness/screens';
import { startE2eServer, type E2eServer } from './harness/server';
import { cf, FilesScreen, UploadScreen } from './page-models/content-pages';
import { LoginPage } from './page-models/login-page';
import { ShellPage } from './page-models/shell-page';

/**
 * Every screen a user can reach, with data in it: no serious or critical axe-core violation at
 * 1280 and 390 px, and a screenshot of each at both widths (e2e/screenshots) to look at.
 */

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;
let dagCid: string;

const EMAIL = 'screens@example.com';
const PASSWORD = 'screens-password';
const c = (key: string) => en('content', key);
const h1 = (name: string) => page.getByRole('heading', { level: 1, name });

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;

  await apiSignup(server, EMAIL, PASSWORD);
  const token = await apiToken(server, EMAIL, PASSWORD);
  await apiUpload(server, token, 'quarterly-report.pdf', '%PDF-1.4 quarterly figures');
  await apiUpload(server, token, 'holiday-photo-with-a-rather-long-name-2025-08-14.jpg', 'not really a jpeg');
  await apiUpload(server, token, 'notes.md', '# Notes\n\nThings to remember.');
  dagCid = (
    await apiUploadFolder(server, token, {
      'website/index.html': '<h1>Hello</h1>',
      'website/css/site.css': 'body { margin: 0 }',
      'website/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    })
  ).cid;
  await server.api('POST', '/tokens/generate', token, { name: 'laptop backup', expiresInDays: 30 });
});

afterEach(screenshotOnFailure(() => page));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('signed out', () => {
  it('login', async () => {
    await new LoginPage(page).open(server.url);
    await checkScreen(page, 'screen-login');
  });

  it('sign-up', async () => {
    await page.goto(`${server.url}/signup`);
    await h1(en('auth', 'signup.title')).waitFor();
    await page.locator('select[name=country] option[value=GB]').waitFor({ state: 'attached' });
    await checkScreen(page, 'screen-signup');
  });
});

describe('signed in', () => {
  it('dashboard', async () => {
    await new LoginPage(page).open(server.url).then((login) => login.logIn(EMAIL, PASSWORD));
    await page.locator('[data-usage-card] [data-usage-meter]').waitFor();
    await page.locator('[data-recent-uploads] tbody tr').first().waitFor();
    await checkScreen(page, 'screen-dashboard');
  });

  it('upload, with files chosen', async () => {
    const upload = await new UploadScreen(page).open(server.url);
    await upload.filePicker().setInputFiles([
      { name: 'draft.txt', mimeType: 'text/plain', buffer: Buffer.from('draft') },
      { name: 'budget-2026-final-final-v3.xlsx', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('xlsx') },
    ]);
    await upload.preview().waitFor();
    await checkScreen(page, 'screen-upload');
  });

  it('pin, with a validation message', async () => {
    await page.goto(`${server.url}/pin`);
    await h1(en('common', 'screens.pin.title')).waitFor();
    await page.getByRole('button', { name: c('pin.submit'), exact: true }).click();
    await page.getByText(c('pin.cid_required')).waitFor();
    await checkScreen(page, 'screen-pin');
  });

  it('my files, and its rename, details and delete dialogs', async () => {
    const files = await new FilesScreen(page).open(server.url);
    await files.row('notes.md').waitFor();
    await checkScreen(page, 'screen-files');

    await files.menuButton('notes.md').click();
    await files.menu('notes.md').waitFor();
    await checkScreen(page, 'screen-files-menu', { fullPage: false });
    await files
      .menu('notes.md')
      .getByRole('menuitem', { name: c('actions.rename'), exact: true })
      .click();
    await files.renameDialog().waitFor();
    await checkScreen(page, 'screen-files-rename', { fullPage: false });
    await page.keyboard.press('Escape');

    await files.choose('website', 'info');
    await files.infoDialog('directory').locator('[data-info]').waitFor();
    await checkScreen(page, 'screen-files-info', { fullPage: false });
    await page.keyboard.press('Escape');

    await files.choose('quarterly-report.pdf', 'delete');
    await files.deleteDialog().waitFor();
    await checkScreen(page, 'screen-files-delete', { fullPage: false });
    await page.keyboard.press('Escape');
  });

  it('usage', async () => {
    await page.goto(`${server.url}/usage`);
    await page.locator('[data-usage-meter]').waitFor();
    await checkScreen(page, 'screen-usage');
  });

  it('DAG viewer, with and without a CID', async () => {
    await page.goto(`${server.url}/dag/${dagCid}`);
    await page.locator('[data-dag]').waitFor();
    await page.locator('table.dag-table tbody tr').first().waitFor();
    await checkScreen(page, 'screen-dag');
    await page.goto(`${server.url}/dag`);
    await page.getByRole('button', { name: c('dag.open') }).waitFor();
    await checkScreen(page, 'screen-dag-lookup');
  });

  it('settings and API tokens', async () => {
    await page.goto(`${server.url}/settings`);
    await h1(en('settings', 'title')).waitFor();
    await page.locator('section[data-panel="tokens"] tbody tr').first().waitFor();
    await checkScreen(page, 'screen-settings');
    await page.goto(`${server.url}/settings/tokens`);
    await h1(en('settings', 'tokens.page_title')).waitFor();
    await page.locator('section[data-panel="tokens"] tbody tr').first().waitFor();
    await checkScreen(page, 'screen-tokens');
  });

  it('webhooks', async () => {
    await page.goto(`${server.url}/settings/webhooks`);
    await h1(en('settings', 'webhooks.page_title')).waitFor();
    await page.locator('section[data-panel="webhooks"] .state').first().waitFor();
    await checkScreen(page, 'screen-webhooks');
  });

  it('API docs', async () => {
    await page.goto(`${server.url}/api-docs`);
    await h1(en('docs', 'title')).waitFor();
    await page.locator('.operation').first().waitFor();
    await checkScreen(page, 'screen-api-docs');
  });

  it('page not found', async () => {
    await page.goto(`${server.url}/no/such/page`);
    await h1(en('common', 'not_found.title')).waitFor();
    await checkScreen(page, 'screen-not-found');
  });

  it('language modal open', async () => {
    await page.goto(`${server.url}/`);
    const modal = await new ShellPage(page).openLanguageModal();
    await modal.options().first().waitFor();
    await checkScreen(page, 'screen-language-modal', { fullPage: false });
    await page.keyboard.press('Escape');
  });

  it('upload result and files of a full page of records', async () => {
    const upload = await new UploadScreen(page).open(server.url);
    await upload.chooseMode('files');
    await upload.filePicker().setInputFiles([
      { name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('a') },
      { name: 'b.txt', mimeType: 'text/plain', buffer: Buffer.from('bb') },
    ]);
    await upload.submit();
    await upload
      .success()
      .getByText(cf('upload.success_files_other', { count: 2, size: '3 bytes' }))
      .waitFor({ timeout: 30_000 });
    await checkScreen(page, 'screen-upload-result');
  });

  it('upload, my files and usage in German, whose words run long', async () => {
    const token = await apiToken(server, EMAIL, PASSWORD);
    await server.api('PUT', '/users/me/preferences', token, { language: 'de', country: 'US' });
    try {
      await page.goto(`${server.url}/files`);
      await h1(translation('de', 'common', 'screens.files.title')).waitFor();
      await page.locator('table.files-table tbody tr').first().waitFor();
      // A long name ends in an ellipsis rather than turning a laptop's table into phone cards.
      await page.waitForTimeout(250);
      expect(await page.locator('.table-wrap').getAttribute('class')).toBe('table-wrap');
      await checkScreen(page, 'screen-files-de');
      await page.goto(`${server.url}/upload`);
      await h1(translation('de', 'common', 'screens.upload.title')).waitFor();
      await checkScreen(page, 'screen-upload-de');
      await page.goto(`${server.url}/usage`);
      await page.locator('[data-usage-meter]').waitFor();
      await checkScreen(page, 'screen-usage-de');
    } finally {
      await server.api('PUT', '/users/me/preferences', token, { language: 'en', country: 'US' });
    }
  });
});
