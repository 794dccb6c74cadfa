import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { apiSignup, apiToken, apiUploadFolder } from './harness/content';
import { solidPng } from './harness/images';
import { en, translation } from './harness/locales';
import { checkScreen } from './harness/screens';
import { startE2eServer, type E2eServer } from './harness/server';
import { cf, FilesScreen, UploadScreen } from './page-models/content-pages';
import { LoginPage } from './page-models/login-page';

/** The DAG viewer browsing a folder tree with breadcrumbs, and previews of pictures chosen for upload. */

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;
let token: string;
let rootCid: string;

const EMAIL = 'browsing@example.com';
const PASSWORD = 'browsing-password';
const c = (key: string) => en('content', key);
const entries = () => page.locator('table.dag-table');
const crumbs = () => page.getByRole('navigation', { name: c('dag.breadcrumbs') });

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;
  await apiSignup(server, EMAIL, PASSWORD);
  token = await apiToken(server, EMAIL, PASSWORD);
  rootCid = (
    await apiUploadFolder(server, token, {
      'trip/readme.md': '# Trip',
      'trip/day-1/notes.txt': 'first day',
      'trip/day-1/photos/beach.txt': 'sand and sea',
      'trip/day-2/notes.txt': 'second day',
    })
  ).cid;
  await new LoginPage(page).open(server.url).then((login) => login.logIn(EMAIL, PASSWORD));
});

afterEach(screenshotOnFailure(() => page, 'folders-'));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Names in the entries table, as shown. */
const names = () => entries().locator('tbody .file-name-text').allInnerTexts();

describe('DAG viewer folders', () => {
  it('opens sub-folders, with breadcrumbs back to any level and to the root', async () => {
    await page.goto(`${server.url}/dag/${rootCid}`);
    await expect.poll(names).toEqual(['day-1', 'day-2', 'readme.md']);
    await expect(crumbs().locator('[aria-current=page]').innerText()).resolves.toBe('trip');

    await entries().getByRole('link', { name: 'day-1', exact: true }).click();
    await expect.poll(names).toEqual(['notes.txt', 'photos']);
    await entries().getByRole('link', { name: 'photos', exact: true }).click();
    await expect.poll(names).toEqual(['beach.txt']);
    expect(new URL(page.url()).searchParams.get('path')).toBe('day-1/photos');
    await expect(crumbs().locator('li').allInnerTexts()).resolves.toEqual(['trip', 'day-1', 'photos']);
    await expect(crumbs().locator('[aria-current=page]').innerText()).resolves.toBe('photos');
    // The totals stay the whole record's.
    await expect(page.locator('[data-dag-files]').innerText()).resolves.toBe('4');
    await checkScreen(page, 'dag-subfolder');

    // One level up, by the breadcrumb.
    await crumbs().getByRole('link', { name: 'day-1' }).click();
    await expect.poll(names).toEqual(['notes.txt', 'photos']);
    // The browser's Back goes where the user was.
    await page.goBack();
    await expect.poll(names).toEqual(['beach.txt']);
    // Straight to the root.
    await crumbs().getByRole('link', { name: 'trip' }).click();
    await expect.poll(names).toEqual(['day-1', 'day-2', 'readme.md']);
    expect(new URL(page.url()).search).toBe('');
  });

  it('downloads a file from a sub-folder, under its own name', async () => {
    await page.goto(`${server.url}/dag/${rootCid}?path=day-1/photos`);
    const link = entries().getByRole('link', { name: cf('actions.download_named', { name: 'beach.txt' }) });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('beach.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('sand and sea');
    // A file's name opens it on the gateway at its path under the root.
    await expect(entries().getByRole('link', { name: 'beach.txt', exact: true }).getAttribute('href')).resolves.toBe(
      `${server.url}/ipfs/${rootCid}/day-1/photos/beach.txt`,
    );
  });

  it('says so when the path in the address is not there or not a folder, with a way to the top', async () => {
    await page.goto(`${server.url}/dag/${rootCid}?path=nowhere`);
    await page.getByRole('alert').getByText(c('errors.path_not_found')).waitFor();
    await page.goto(`${server.url}/dag/${rootCid}?path=readme.md`);
    await page.getByRole('alert').getByText(c('errors.not_a_directory')).waitFor();
    await checkScreen(page, 'dag-not-a-folder');
    await page.getByRole('link', { name: c('dag.to_root') }).click();
    await expect.poll(names).toEqual(['day-1', 'day-2', 'readme.md']);
  });
});

describe('deleting a folder', () => {
  it('asks before deleting it, calling it a folder, and it goes', async () => {
    await apiUploadFolder(server, token, { 'old-trip/notes.txt': 'gone soon', 'old-trip/day-1/list.txt': 'tent' });
    const files = await new FilesScreen(page).open(server.url);
    await files.choose('old-trip', 'delete');
    const dialog = files.deleteDialog('directory');
    await dialog.getByText(cf('files.delete_message', { name: 'old-trip' })).waitFor();
    await expect(files.deleteDialog('file').count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: c('files.delete') }).click();
    await files.row('old-trip').waitFor({ state: 'detached' });
    await files.row('trip').waitFor();
  });
});

describe('upload previews', () => {
  it('shows a picture of each chosen image, and lets go of it when removed or when leaving', async () => {
    // Count object URLs made and revoked by the page, from before its own scripts run.
    await page.addInitScript(() => {
      const made: string[] = [];
      const revoked: string[] = [];
      const create = URL.createObjectURL.bind(URL);
      const revoke = URL.revokeObjectURL.bind(URL);
      URL.createObjectURL = (object: Blob | MediaSource) => {
        const url = create(object);
        made.push(url);
        return url;
      };
      URL.revokeObjectURL = (url: string) => {
        revoked.push(url);
        revoke(url);
      };
      Object.assign(window, { objectUrls: { made, revoked } });
    });
    const urls = () => page.evaluate(() => (window as unknown as { objectUrls: { made: string[]; revoked: string[] } }).objectUrls);
    const upload = await new UploadScreen(page).open(server.url);
    await upload.chooseMode('files');
    await upload.filePicker().setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: solidPng(40, 20, [200, 30, 30]) },
      { name: 'blue.png', mimeType: 'image/png', buffer: solidPng(20, 40, [30, 30, 200]) },
      { name: 'words.txt', mimeType: 'text/plain', buffer: Buffer.from('no picture') },
    ]);
    const red = upload.preview().getByRole('img', { name: cf('upload.preview_alt', { name: 'red.png' }) });
    const blue = upload.preview().getByRole('img', { name: cf('upload.preview_alt', { name: 'blue.png' }) });
    await expect.poll(() => red.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
    await expect.poll(() => blue.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight)).toBe(40);
    await expect(red.getAttribute('src')).resolves.toMatch(/^blob:/);
    await expect(upload.preview().locator('img').count()).resolves.toBe(2);
    await checkScreen(page, 'upload-previews');

    const redUrl = (await red.getAttribute('src'))!;
    await upload
      .preview()
      .getByRole('button', { name: cf('upload.remove', { name: 'red.png' }) })
      .click();
    await red.waitFor({ state: 'detached' });
    await expect.poll(async () => (await urls()).revoked).toContain(redUrl);

    const blueUrl = (await blue.getAttribute('src'))!;
    expect((await urls()).revoked).not.toContain(blueUrl);
    // Leaving the page (inside the app) lets go of the rest.
    await page
      .locator('#sidebar')
      .getByRole('link', { name: en('common', 'nav.files'), exact: true })
      .click();
    await expect.poll(async () => (await urls()).revoked).toContain(blueUrl);
    const { made, revoked } = await urls();
    expect(made.filter((url) => !revoked.includes(url))).toEqual([]);
  });
});

describe.each(['de', 'uk', 'eu'])('in %s', (language) => {
  afterAll(() => server.api('PUT', '/users/me/preferences', token, { language: 'en', country: 'US' }));

  it('shows the breadcrumbs and the upload previews in the language', async () => {
    await server.api('PUT', '/users/me/preferences', token, { language, country: 'US' });
    await page.goto(`${server.url}/dag/${rootCid}?path=day-1`);
    await page.locator(`html[lang="${language}"]`).waitFor();
    await page.getByRole('navigation', { name: translation(language, 'content', 'dag.breadcrumbs') }).waitFor();
    await page.locator('table.dag-table tbody tr').first().waitFor();
    await checkScreen(page, `dag-subfolder-${language}`);

    await page.goto(`${server.url}/upload`);
    await page.locator('[data-picker=files]').waitFor({ state: 'attached' });
    await page.getByRole('radio', { name: new RegExp(`^${translation(language, 'content', 'upload.modes.files.title')}`) }).check();
    await page.locator('input[type=file][data-picker=files]').setInputFiles([
      { name: 'rot.png', mimeType: 'image/png', buffer: solidPng(30, 30, [200, 30, 30]) },
      { name: 'notiz.txt', mimeType: 'text/plain', buffer: Buffer.from('Text') },
    ]);
    await page.locator('[data-preview] img').waitFor();
    await checkScreen(page, `upload-previews-${language}`);
  });
});
