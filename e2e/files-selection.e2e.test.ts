import type { Download, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { apiFiles, apiSignup, apiToken, apiUpload, apiUploadFolder, type UploadedRecord } from './harness/content';
import { brokenPng, solidPng } from './harness/images';
import { en, translation } from './harness/locales';
import { checkScreen } from './harness/screens';
import { startE2eServer, type E2eServer } from './harness/server';
import { cf, FilesScreen } from './page-models/content-pages';
import { LoginPage } from './page-models/login-page';

/** My files: ticking several records to download or delete them together, and image thumbnails. */

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;
let token: string;
let photo: UploadedRecord;
let folder: UploadedRecord;

const EMAIL = 'selecting@example.com';
const PASSWORD = 'selecting-password';
const c = (key: string) => en('content', key);
const checkbox = (name: string) => page.getByRole('checkbox', { name: cf('files.select_named', { name }) });
const selectPage = () => page.getByRole('checkbox', { name: c('files.select_page') });
const bar = () => page.locator('[data-selection-bar]');

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;
  await apiSignup(server, EMAIL, PASSWORD);
  token = await apiToken(server, EMAIL, PASSWORD);
  photo = await apiUpload(server, token, 'sunset.png', solidPng(48, 32, [230, 110, 40]));
  await apiUpload(server, token, 'torn.png', brokenPng());
  await apiUpload(server, token, 'notes.txt', 'plain words');
  folder = await apiUploadFolder(server, token, { 'album/a.txt': 'a', 'album/b.txt': 'b' });
  await new LoginPage(page).open(server.url).then((login) => login.logIn(EMAIL, PASSWORD));
});

afterEach(screenshotOnFailure(() => page, 'files-selection-'));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('image thumbnails', () => {
  it('shows an image record’s picture from the gateway, lazily and with alt text, and an icon for the rest', async () => {
    const files = await new FilesScreen(page).open(server.url);
    const thumb = files.row('sunset.png').locator('img.file-thumb');
    await expect(thumb.getAttribute('src')).resolves.toBe(`${server.url}/ipfs/${photo.cid}`);
    await expect(thumb.getAttribute('loading')).resolves.toBe('lazy');
    await expect(thumb.getAttribute('alt')).resolves.toBe(cf('files.thumbnail_alt', { name: 'sunset.png' }));
    // The browser really drew it: the gateway answered with the picture.
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    for (const name of ['notes.txt', 'album']) {
      await expect(files.row(name).locator('img').count()).resolves.toBe(0);
      await expect(files.row(name).locator('.file-glyph svg').count()).resolves.toBe(1);
    }
  });

  it('falls back to the image icon when a picture cannot be drawn', async () => {
    const files = await new FilesScreen(page).open(server.url);
    const row = files.row('torn.png');
    await row.locator('.file-glyph svg').waitFor();
    await expect(row.locator('img').count()).resolves.toBe(0);
  });
});

describe('selecting several records', () => {
  it('ticks every row of the page at once, by keyboard, and shows what is ticked', async () => {
    const files = await new FilesScreen(page).open(server.url);
    await files.row('notes.txt').waitFor();
    await selectPage().focus();
    await page.keyboard.press('Space');
    for (const name of ['sunset.png', 'torn.png', 'notes.txt', 'album']) await expect(checkbox(name).isChecked()).resolves.toBe(true);
    await bar()
      .getByText(cf('files.selected_other', { count: 4 }))
      .waitFor();

    // One row let go: the header box is mixed, neither ticked nor not.
    await checkbox('torn.png').focus();
    await page.keyboard.press('Space');
    await bar()
      .getByText(cf('files.selected_other', { count: 3 }))
      .waitFor();
    await expect(selectPage().evaluate((box: HTMLInputElement) => [box.checked, box.indeterminate])).resolves.toEqual([false, true]);
    await checkScreen(page, 'files-selected');

    await bar()
      .getByRole('button', { name: c('files.clear_selection') })
      .click();
    await bar().locator('.selection-count').waitFor({ state: 'detached' });
    await expect(checkbox('sunset.png').isChecked()).resolves.toBe(false);
    await expect(selectPage().isChecked()).resolves.toBe(false);
  });

  it('downloads each ticked record: a file under its name, a folder as a CAR', async () => {
    const files = await new FilesScreen(page).open(server.url);
    await files.row('notes.txt').waitFor();
    await checkbox('notes.txt').check();
    await checkbox('sunset.png').check();
    await checkbox('album').check();
    const downloads: Download[] = [];
    const onDownload = (download: Download) => downloads.push(download);
    page.on('download', onDownload);
    try {
      await bar()
        .getByRole('button', { name: c('files.download_selected') })
        .click();
      await expect.poll(() => downloads.length, { timeout: 10_000 }).toBe(3);
    } finally {
      page.off('download', onDownload);
    }
    const names = downloads.map((download) => download.suggestedFilename()).sort();
    expect(names).toEqual([`${folder.cid}.car`, 'notes.txt', 'sunset.png'].sort());
    const saved = downloads.find((download) => download.suggestedFilename() === 'notes.txt')!;
    const stream = await saved.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('plain words');
  });

  it('deletes the ticked records after one confirmation, and lists the one that failed', async () => {
    const extra = await Promise.all(['one.txt', 'two.txt', 'three.txt'].map((name) => apiUpload(server, token, name, `${name} body`)));
    const failing = extra[1]!;
    // The server refuses one of them, as it would a record another session is deleting.
    await page.route(`**/api/v2/uploads/${failing.uploadId}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'Busy', code: 'upload_busy' }) })
        : route.continue(),
    );
    try {
      const files = await new FilesScreen(page).open(server.url);
      await files.row('three.txt').waitFor();
      for (const name of ['one.txt', 'two.txt', 'three.txt']) await checkbox(name).check();
      await bar()
        .getByRole('button', { name: c('files.delete_selected') })
        .click();
      const dialog = page.getByRole('alertdialog', { name: cf('files.delete_many_title_other', { count: 3 }) });
      await dialog.getByText(cf('files.delete_many_message_other', { count: 3 })).waitFor();
      await checkScreen(page, 'files-delete-many', { fullPage: false, axe: { include: '[role=alertdialog]' } });
      await dialog.getByRole('button', { name: cf('files.delete_many_other', { count: 3 }) }).click();
      await dialog.waitFor({ state: 'detached' });

      const failures = page.locator('[data-bulk-failures]');
      await failures.getByText(cf('files.delete_failed_many_one', { count: 1 })).waitFor();
      await expect(failures.locator('li').allInnerTexts()).resolves.toEqual([expect.stringMatching(/^two\.txt: .*Busy/)]);
      await page.getByText(cf('files.deleted_many_other', { count: 2 })).waitFor();
      await files.row('one.txt').waitFor({ state: 'detached' });
      await files.row('three.txt').waitFor({ state: 'detached' });
      // The one left is still ticked, ready for another try.
      await expect(checkbox('two.txt').isChecked()).resolves.toBe(true);
      await checkScreen(page, 'files-delete-failed');
      const left = (await apiFiles(server, token)).map((file) => file.name);
      expect(left).toContain('two.txt');
      expect(left).not.toContain('one.txt');
      expect(left).not.toContain('three.txt');
    } finally {
      await page.unroute(`**/api/v2/uploads/${failing.uploadId}`);
    }
  });

  it('starts afresh on another page of the list', async () => {
    const files = await new FilesScreen(page).open(server.url);
    await files.pageSize(10);
    await checkbox('notes.txt').check();
    await files.search('sunset');
    await files.row('notes.txt').waitFor({ state: 'detached' });
    await files.search('');
    await files.row('notes.txt').waitFor();
    await expect(checkbox('notes.txt').isChecked()).resolves.toBe(false);
  });
});

describe.each(['de', 'uk', 'eu'])('in %s', (language) => {
  afterAll(() => server.api('PUT', '/users/me/preferences', token, { language: 'en', country: 'US' }));

  it('shows the ticked rows, the bar and the thumbnails in the language', async () => {
    await server.api('PUT', '/users/me/preferences', token, { language, country: 'US' });
    await page.goto(`${server.url}/files`);
    await page.locator(`html[lang="${language}"]`).waitFor();
    await page.locator('table.files-table').waitFor();
    await page.getByRole('checkbox', { name: translation(language, 'content', 'files.select_page') }).check();
    await page
      .locator('[data-selection-bar]')
      .getByRole('button', { name: translation(language, 'content', 'files.download_selected') })
      .waitFor();
    await page
      .locator('[data-selection-bar]')
      .getByRole('button', { name: translation(language, 'content', 'files.delete_selected') })
      .waitFor();
    await expect(page.locator('tr.selected').count()).resolves.toBeGreaterThan(0);
    await checkScreen(page, `files-selected-${language}`);
  });
});
