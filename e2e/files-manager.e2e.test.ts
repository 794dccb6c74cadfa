import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './harness/axe';
import { launchBrowser, NARROW, screenshotOnFailure, WIDE, type E2eBrowser } from './harness/browser';
import { apiSignup, apiToken, apiUpload, apiUploadFolder, type UploadedRecord } from './harness/content';
import { en, translation } from './harness/locales';
import { saveScreens } from './harness/screens';
import { startE2eServer, type E2eServer } from './harness/server';
import { FilesScreen, UploadScreen } from './page-models/content-pages';
import { LoginPage } from './page-models/login-page';

/**
 * My files as a file manager: a row's actions in one keyboard-operable menu, names sorted as people
 * read them, the view kept in the address and remembered, one word for folders, compact phone
 * cards; and the ways into it (the Dashboard's recent uploads) and out of an upload (a folder's
 * files in folder order).
 */

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;
let token: string;
let files: FilesScreen;
let report: UploadedRecord;

const EMAIL = 'manager@example.com';
const PASSWORD = 'manager-password';
const c = (key: string) => en('content', key);
const shownNames = () => files.rows().locator('.file-name-text').allInnerTexts();
const focusedItem = () => page.evaluate(() => document.activeElement?.getAttribute('data-menu-item') ?? document.activeElement?.tagName);

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;
  await apiSignup(server, EMAIL, PASSWORD);
  token = await apiToken(server, EMAIL, PASSWORD);
  // In an order that neither the upload order nor code points would give.
  for (const name of ['note-10.txt', 'Zed.txt', 'note-2.txt', 'apple.txt', 'Note-3.txt', 'note-1.txt']) {
    await apiUpload(server, token, name, `content of ${name}`);
  }
  for (let i = 0; i < 6; i++) await apiUpload(server, token, `filler-${i}.txt`, `filler ${i}`);
  report = await apiUpload(server, token, 'quarterly-report.pdf', '%PDF-1.4 figures');
  await apiUploadFolder(server, token, { 'website/index.html': '<h1>Hi</h1>', 'website/css/site.css': 'body {}' });
  await new LoginPage(page).open(server.url).then((login) => login.logIn(EMAIL, PASSWORD));
  files = new FilesScreen(page);
});

afterEach(screenshotOnFailure(() => page, 'files-manager-'));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("a row's menu", () => {
  it('is a menu button whose items the keyboard moves through, and gives focus back', async () => {
    await files.open(server.url);
    const button = files.menuButton('quarterly-report.pdf');
    await expect(button.getAttribute('aria-haspopup')).resolves.toBe('menu');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    // One button per row instead of a row of icons.
    await expect(files.row('quarterly-report.pdf').locator('td.cell-actions').getByRole('button').count()).resolves.toBe(1);

    await button.focus();
    await page.keyboard.press('Enter');
    const menu = files.menu('quarterly-report.pdf');
    await menu.waitFor();
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(menu.getByRole('menuitem').allInnerTexts()).resolves.toEqual([
      ...['view', 'copy_link', 'copy_cid', 'download', 'view_dag', 'share'].map((key) => c(`actions.${key}`)),
      en('names', 'publish_to_name'),
      c('privacy.make_private'),
      ...['rename', 'info', 'delete'].map((key) => c(`actions.${key}`)),
    ]);
    await expect.poll(focusedItem).toBe('view');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedItem).toBe('copy-link');
    await page.keyboard.press('End');
    await expect.poll(focusedItem).toBe('delete');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedItem).toBe('view');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focusedItem).toBe('delete');
    await page.keyboard.press('Home');
    await expect.poll(focusedItem).toBe('view');
    await expectAccessible(page, 'files with a row menu open');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);

    // ↑ opens it on its last item; Details by Enter opens the file's details, and closing them
    // brings focus back to the row's button.
    await page.keyboard.press('ArrowUp');
    await expect.poll(focusedItem).toBe('delete');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focusedItem).toBe('info');
    await page.keyboard.press('Enter');
    const info = files.infoDialog('file');
    await info.locator('[data-info]').waitFor();
    await expect(menu.count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await info.waitFor({ state: 'detached' });
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);

    // Space on a link item follows it, as Enter does.
    await page.keyboard.press('Enter');
    await expect.poll(focusedItem).toBe('view');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(focusedItem).toBe('dag');
    await page.keyboard.press(' ');
    await page.waitForURL(`**/dag/${report.cid}`);
  });

  it('closes on a click outside and on Tab, and stays inside the window on the last row', async () => {
    await files.open(server.url);
    await files.pageSize(50);
    await expect.poll(() => files.rows().count()).toBe(14);
    const last = (await shownNames()).at(-1)!;
    await files.menuButton(last).click();
    const menu = files.menu(last);
    await menu.waitFor();
    const box = (await menu.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    await page.mouse.click(5, 5);
    await menu.waitFor({ state: 'detached' });

    await files.menuButton(last).click();
    await menu.waitFor();
    await page.keyboard.press('Tab');
    await menu.waitFor({ state: 'detached' });
  });

  it('has no download for a folder, whose details say folder and show no category', async () => {
    await files.open(server.url);
    const folder = files.row('website');
    await expect(folder.locator('.badge:not([data-privacy])').innerText()).resolves.toBe(c('entry_types.directory'));
    await expect(folder.locator('td.col-category').innerText()).resolves.toBe('');
    await expect(folder.locator('.file-meta-category').count()).resolves.toBe(0);
    await files.menuButton('website').click();
    const items = files.menu('website').getByRole('menuitem');
    await expect(items.allInnerTexts()).resolves.not.toContain(c('actions.download'));
    await files
      .menu('website')
      .getByRole('menuitem', { name: c('actions.info'), exact: true })
      .click();
    const info = files.infoDialog('directory');
    await info.locator('[data-info]').waitFor();
    await expect(info.locator('dt').allInnerTexts()).resolves.not.toContain(c('fields.category'));
    await page.keyboard.press('Escape');
    await info.waitFor({ state: 'detached' });
  });
});

describe('the order and the view', () => {
  it('sorts names with numbers by value and case aside, on the server, across pages', async () => {
    await files.open(server.url);
    await files.search('note');
    await expect.poll(() => files.rows().count()).toBe(4);
    await page.getByRole('button', { name: c('fields.name'), exact: true }).click();
    await expect.poll(shownNames).toEqual(['note-1.txt', 'note-2.txt', 'Note-3.txt', 'note-10.txt']);
    await page.getByRole('button', { name: c('fields.name'), exact: true }).click();
    await expect.poll(shownNames).toEqual(['note-10.txt', 'Note-3.txt', 'note-2.txt', 'note-1.txt']);
  });

  it('keeps page, order, filter and rows per page in the address, across a reload, Back, and the next visit', async () => {
    await files.open(server.url);
    await files.search('');
    await files.pageSize(10);
    await page.getByRole('button', { name: c('fields.name'), exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('name');
    await expect
      .poll(shownNames)
      .toEqual([
        'apple.txt',
        'filler-0.txt',
        'filler-1.txt',
        'filler-2.txt',
        'filler-3.txt',
        'filler-4.txt',
        'filler-5.txt',
        'note-1.txt',
        'note-2.txt',
        'Note-3.txt',
      ]);
    await files
      .pagination()
      .getByRole('button', { name: c('pagination.next') })
      .click();
    await expect.poll(shownNames).toEqual(['note-10.txt', 'quarterly-report.pdf', 'website', 'Zed.txt']);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ sort: 'name', order: 'asc', page: '2' });

    await page.reload();
    await expect.poll(shownNames).toEqual(['note-10.txt', 'quarterly-report.pdf', 'website', 'Zed.txt']);
    await page.goBack();
    await expect.poll(shownNames).toHaveLength(10);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await page.goForward();
    await expect.poll(shownNames).toHaveLength(4);

    await files.search('filler');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('filler');
    // A new filter starts on its first page.
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await files.pageSize(25);
    await expect.poll(shownNames).toEqual(['filler-0.txt', 'filler-1.txt', 'filler-2.txt', 'filler-3.txt', 'filler-4.txt', 'filler-5.txt']);

    // The next visit of /files, from the sidebar or typed, opens where the account left it.
    await page.goto(`${server.url}/`);
    await page
      .locator('#sidebar')
      .getByRole('link', { name: en('common', 'nav.files'), exact: true })
      .click();
    await expect.poll(shownNames).toEqual(['filler-0.txt', 'filler-1.txt', 'filler-2.txt', 'filler-3.txt', 'filler-4.txt', 'filler-5.txt']);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ q: 'filler', sort: 'name', order: 'asc', limit: '25' });
    await expect(page.getByRole('searchbox', { name: c('files.search') }).inputValue()).resolves.toBe('filler');
    await expect(page.getByLabel(c('files.page_size')).inputValue()).resolves.toBe('25');
    // Back to the plain view, which is then the one remembered.
    await files.search('');
    await page.getByLabel(c('files.page_size')).selectOption('10');
    await page.getByRole('button', { name: c('fields.date'), exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await files.open(server.url);
    await expect.poll(shownNames).toHaveLength(10);
    expect(new URL(page.url()).search).toBe('');
  });
});

describe('on a phone', () => {
  it('shows each record as a compact card: name, size and date, and the menu', async () => {
    await page.setViewportSize(NARROW);
    try {
      await files.open(server.url);
      await expect.poll(() => page.locator('.table-wrap').evaluate((wrap) => wrap.classList.contains('stacked'))).toBe(true);
      const heights = await files.rows().evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
      expect(heights).toHaveLength(10);
      for (const height of heights) expect(height).toBeLessThan(90);
      const row = files.row('quarterly-report.pdf');
      await expect(row.locator('.file-meta-facts').innerText()).resolves.toMatch(/^16 bytes · \d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}/);
      await files.menuButton('quarterly-report.pdf').click();
      const menu = files.menu('quarterly-report.pdf');
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(NARROW.width);
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize(WIDE);
    }
  });

  it('looks right at both widths, in every language the screenshots are looked at in', async () => {
    for (const language of ['en', 'de', 'pt', 'uk', 'eu']) {
      await server.api('PUT', '/users/me/preferences', token, { language, country: 'US' });
      await page.goto(`${server.url}/files`);
      await page.locator(`html[lang="${language}"]`).waitFor();
      await files.rows().first().waitFor();
      await saveScreens(page, `files-manager-${language}`);
      const name = 'quarterly-report.pdf';
      await page.getByRole('button', { name: translation(language, 'content', 'actions.menu_named').replace('{{name}}', name) }).click();
      // The menu follows its button through each resize.
      await saveScreens(page, `files-manager-menu-${language}`, { fullPage: false });
      await page.keyboard.press('Escape');
    }
    await server.api('PUT', '/users/me/preferences', token, { language: 'en', country: 'US' });
  });
});

describe('ways in and out', () => {
  it("links each of the Dashboard's recent uploads to its row in My files", async () => {
    await page.goto(`${server.url}/`);
    const recent = page.locator('[data-recent-uploads]');
    await recent.getByRole('link', { name: 'quarterly-report.pdf', exact: true }).click();
    await files.heading().waitFor();
    await expect.poll(shownNames).toEqual(['quarterly-report.pdf']);
    expect(new URL(page.url()).searchParams.get('q')).toBe(report.cid);
  });

  it("lists a folder's files after the upload in the folder's order, whatever order they were received in", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-folder-order-'));
    try {
      const root = path.join(dir, 'trip');
      for (const file of ['photo-10.txt', 'Photo-2.txt', 'readme.txt', 'days/day-1.txt', 'days/day-12.txt', 'days/Day-3.txt']) {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.writeFileSync(path.join(root, file), `text of ${file}`);
      }
      // The server answers in the order it received the files: here the reverse of the folder's.
      await page.route('**/api/v2/upload/directory**', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { files: Array<{ originalName: string }> };
        body.files.sort((a, b) => (a.originalName < b.originalName ? 1 : -1));
        await route.fulfill({ response, json: body });
      });
      const upload = await new UploadScreen(page).open(server.url);
      await upload.chooseMode('files');
      await upload.folderPicker().setInputFiles(root);
      await upload.submit();
      await upload.success().waitFor({ timeout: 30_000 });
      await expect(upload.success().locator('.result-name').allInnerTexts()).resolves.toEqual([
        'day-1.txt',
        'Day-3.txt',
        'day-12.txt',
        'Photo-2.txt',
        'photo-10.txt',
        'readme.txt',
      ]);
    } finally {
      await page.unroute('**/api/v2/upload/directory**');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
