import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from './harness/axe';
import { followRequests } from './harness/network-quiet';
import { launchBrowser, NARROW, screenshotOnFailure, WIDE, type E2eBrowser } from './harness/browser';
import { apiSignup, apiToken, apiUpload, apiUploadFolder } from './harness/content';
import { en } from './harness/locales';
import { ADMIN, startE2eServer, type E2eServer } from './harness/server';
import { a, af } from './page-models/admin-console';
import { FilesScreen, type FileAction } from './page-models/content-pages';
import { LoginPage } from './page-models/login-page';
import { SettingsPage } from './page-models/settings-page';
import { ShellPage } from './page-models/shell-page';
import { webhookText, WebhooksPage } from './page-models/webhooks-page';

/**
 * Every dialog and menu of the app, open, at a laptop's and a phone's width: not one axe finding of
 * any impact (moderate and minor included), and the dialog really open while it is checked.
 */

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;
let requests: ReturnType<typeof followRequests>;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;
  requests = followRequests(page);
  const token = await apiToken(server, ADMIN.email, ADMIN.password);
  await apiSignup(server, 'ada.dialogs@example.com', 'ada-password-1');
  await apiUpload(server, token, 'notes.md', '# Notes');
  await apiUploadFolder(server, token, { 'website/index.html': '<h1>Hello</h1>' });
  await (await new LoginPage(page).open(server.url)).logIn(ADMIN.email, ADMIN.password);
});

afterEach(screenshotOnFailure(() => page, 'dialogs-accessibility-'));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.locator('main h1').first().waitFor();
  await requests.quiet();
}

async function expectClean(where: string, open: ReturnType<Page['getByRole']>): Promise<void> {
  await open.waitFor();
  // A toast or dialog fading in is checked once it is drawn in its final colours.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, {
    timeout: 5000,
  });
  const violations = await runAxe(page);
  expect(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
}

describe.each([WIDE, NARROW])('dialogs at $width px', (size) => {
  beforeAll(async () => {
    await page.setViewportSize(size);
  });

  it.each<FileAction>(['rename', 'info', 'delete'])('My files: the row menu, then %s', async (action) => {
    const files = new FilesScreen(page);
    await open('/files');
    await files.menuButton('notes.md').click();
    await expectClean('row menu', files.menu('notes.md'));
    await page.keyboard.press('Escape');
    await files.choose('notes.md', action);
    const dialog = action === 'delete' ? files.deleteDialog() : page.getByRole('dialog');
    await expectClean(`${action} dialog`, dialog);
  });

  it('the one-time token dialog and the form before it', async () => {
    await open('/settings/tokens');
    const modal = await new SettingsPage(page).openNewToken();
    await expectClean('new token', page.getByRole('dialog', { name: en('settings', 'tokens.new_title') }));
    await modal.fill(`laptop-${size.width}`, '30');
    await modal.submit();
    await expectClean('token secret', page.getByRole('dialog', { name: en('settings', 'tokens.secret_title') }));
    await modal.done();
  });

  it('the webhook endpoint dialog, its one-time secret, its row menu, its delivery log and its secret rotation', async () => {
    await open('/settings/webhooks');
    const hooks = new WebhooksPage(page);
    await hooks.openNew();
    await expectClean('new webhook endpoint', hooks.form());
    // Port 9 (discard): no file event happens in this test, so nothing is ever sent there.
    const url = `http://127.0.0.1:9/hook-${size.width}`;
    await hooks.urlField().fill(url);
    await hooks.tick('files');
    await hooks.submit();
    // The "added" toast keeps an animation running while it shows, and on a phone it sits under the
    // pointer that pressed the button, which holds it: the pointer moves off and the dialog is checked once it is gone.
    await page.mouse.move(0, 0);
    await page.getByText(webhookText('webhooks.created')).waitFor({ state: 'detached', timeout: 15_000 });
    await expectClean('webhook secret', hooks.secretDialog());
    await hooks.done();
    await hooks
      .row(url)
      .getByRole('button', { name: webhookText('webhooks.menu_named', { url }) })
      .click();
    await expectClean('webhook row menu', hooks.menu(url));
    await page.keyboard.press('Escape');
    await hooks.choose(url, 'webhooks.deliveries');
    await expectClean('webhook delivery log', hooks.deliveries());
    await page.keyboard.press('Escape');
    await hooks.deliveries().waitFor({ state: 'detached' });
    await hooks.choose(url, 'webhooks.rotate');
    const rotate = page.getByRole('dialog', { name: webhookText('webhooks.rotate_title') });
    await expectClean('webhook secret rotation', rotate);
    await page.keyboard.press('Escape');
    await rotate.waitFor({ state: 'detached' });
  });

  it('the language picker', async () => {
    await open('/');
    const shell = new ShellPage(page);
    if (size.width < 900) {
      // On a phone the language sits in the account menu.
      await shell.openAccountMenu();
      await expectClean('account menu', page.getByRole('region', { name: en('common', 'shell.account_menu') }));
      await page.getByRole('button', { name: `${en('common', 'language.title')} EN` }).click();
    } else {
      await shell.languageButton().click();
    }
    await expectClean('language', page.getByRole('dialog'));
    await page.keyboard.press('Escape');
  });

  it('the admin confirmations and forms', async () => {
    await open('/admin/users');
    await page.getByRole('combobox', { name: af('users.role_for', { email: 'ada.dialogs@example.com' }) }).selectOption('admin');
    await expectClean('role change', page.getByRole('alertdialog', { name: a('users.role_title') }));
    await page.keyboard.press('Escape');
    await open('/admin/plans');
    await page.getByRole('button', { name: a('plans.new') }).click();
    await expectClean('new plan', page.getByRole('dialog', { name: a('plans.new_title') }));
    await page.keyboard.press('Escape');
    await open('/admin/logs');
    await page.getByRole('button', { name: a('logs.prune') }).click();
    await expectClean('prune the log', page.getByRole('alertdialog', { name: a('logs.prune_title') }));
    await page.keyboard.press('Escape');
  });
});
