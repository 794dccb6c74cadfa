import { SUPPORTED_LANGUAGES } from '@cairn/shared';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { apiSignup, apiToken } from './harness/content';
import { bridgeRecord, emitFromMain, FOLDERS, provideDesktopBridge, TRANSFERS } from './harness/desktop-bridge';
import { en } from './harness/locales';
import { checkScreen } from './harness/screens';
import { startE2eServer, type E2eServer } from './harness/server';
import { DesktopScreens } from './page-models/desktop-pages';

/**
 * The desktop shell's own screens, driven through the same `window.cairnDesktop` bridge the
 * Electron preload provides (here provided by the test, since Electron cannot run here).
 */

let server: E2eServer;
let token: string;
const EMAIL = 'desktop@example.com';
const PASSWORD = 'desktop-password';

beforeAll(async () => {
  server = await startE2eServer();
  await apiSignup(server, EMAIL, PASSWORD);
  token = await apiToken(server, EMAIL, PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

/** A signed-in browser in `language`, with or without the desktop bridge. */
async function signedIn(language: string, desktop: boolean): Promise<E2eBrowser> {
  await server.api('PUT', '/users/me/preferences', token, { language, country: 'US' });
  const browser = await launchBrowser();
  await browser.page.addInitScript(
    ({ token, language }) => {
      window.localStorage.setItem('cairn:token', token);
      window.localStorage.setItem('cairn:language', language);
    },
    { token, language },
  );
  if (desktop) await provideDesktopBridge(browser.page);
  return browser;
}

describe('in the desktop shell', () => {
  let browser: E2eBrowser;
  let page: Page;
  beforeAll(async () => {
    browser = await signedIn('en', true);
    page = browser.page;
  });
  afterEach(screenshotOnFailure(() => page));
  afterAll(async () => {
    await browser?.close();
  });

  it('shows every transfer with its progress and state, the totals and the quota stop', async () => {
    const screens = new DesktopScreens(page);
    await page.goto(`${server.url}/`);
    await screens.navLink('transfers').click();
    await screens.heading('transfers.title').waitFor();
    expect(await screens.transferRows().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-transfer')))).toEqual([
      'running',
      'failed',
      'paused',
      'queued',
      'done',
    ]);
    const running = page.getByRole('progressbar', { name: screens.t('transfers.item_progress', { name: 'holiday/video.mov' }) });
    expect(await running.getAttribute('aria-valuenow')).toBe('40');
    expect(await page.getByRole('progressbar', { name: screens.t('transfers.total_progress') }).getAttribute('aria-valuenow')).toBe('32.4');
    await page.getByText('ENOENT: no such file or directory').waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: screens.t('blocked.quota_exceeded') })
      .waitFor();
    await page.getByText(screens.t('transfers.already_stored', { cid: TRANSFERS.items[4]!.cid! })).waitFor();
    expect(await page.locator('.transfer-figures').innerText()).toContain('40 sec');
  });

  it('sends pause, retry and the bulk actions to the main process, and follows its pushes', async () => {
    const screens = new DesktopScreens(page);
    await screens.openTransfers(server.url);
    await screens.button('transfers.item_retry', { name: 'holiday/raw.cr2' }).click();
    await screens.button('transfers.item_pause', { name: 'holiday/video.mov' }).click();
    await screens.button('transfers.pauseAll').click();
    await screens.button('blocked.try_again').click();
    await expect
      .poll(async () => (await bridgeRecord(page)).calls.filter((call) => call[0] !== 'setSession'))
      .toEqual([['retry', 'fail'], ['pause', 'run'], ['pauseAll'], ['resumeAll']]);
    expect((await bridgeRecord(page)).calls).toContainEqual(['setSession', 'token']);

    const finished = {
      ...TRANSFERS,
      blocked: null,
      items: [{ ...TRANSFERS.items[0]!, status: 'done', sentBytes: 80_000_000, cid: 'QmX' }],
    };
    await emitFromMain(page, 'transfers', {
      ...finished,
      totals: { items: 1, done: 1, failed: 0, bytes: 80_000_000, sentBytes: 80_000_000 },
    });
    await expect
      .poll(() => screens.transferRows().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-transfer'))))
      .toEqual(['done']);
    expect(await page.getByRole('alert').count()).toBe(0);
    await emitFromMain(page, 'batch', { label: 'holiday', done: 4, failed: 1 });
    await expect
      .poll(async () => (await bridgeRecord(page)).notifications)
      .toEqual([{ title: screens.t('notify.batch_failed_title', { label: 'holiday' }), body: '4 items sent, 1 failed.' }]);
  });

  it('hands dropped files to the queue by path and opens Transfers', async () => {
    const screens = new DesktopScreens(page);
    await page.goto(`${server.url}/upload`);
    const zone = page.locator('[data-drop-zone]');
    await zone.waitFor();
    await zone.evaluate((element) => {
      const data = new DataTransfer();
      data.items.add(new File(['a'], 'a.txt'));
      data.items.add(new File(['b'], 'album'));
      element.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await screens.heading('transfers.title').waitFor();
    expect((await bridgeRecord(page)).calls).toContainEqual(['addPaths', ['/home/ada/Drop/a.txt', '/home/ada/Drop/album'], 'dag']);
  });

  it('adds a watched folder with the picker and shows each folder’s state and error', async () => {
    const screens = new DesktopScreens(page);
    await screens.navLink('watched_folders').click();
    await screens.heading('watched.title').waitFor();
    await page.getByRole('alert').filter({ hasText: FOLDERS[1]!.error! }).waitFor();
    await page.getByLabel(screens.t('modes.dag')).check();
    await page.getByLabel(screens.t('watched.remove_deleted')).first().check();
    await screens.button('watched.add').click();
    await expect.poll(async () => (await bridgeRecord(page)).calls).toContainEqual(['watch', '/home/ada/Documents', 'dag', true]);
    await page
      .getByRole('button', { name: screens.t('watched.pause') })
      .first()
      .click();
    await page
      .getByRole('button', { name: screens.t('watched.remove') })
      .last()
      .click();
    const calls = (await bridgeRecord(page)).calls;
    expect(calls).toContainEqual(['update', '/home/ada/Photos', { paused: true }]);
    expect(calls).toContainEqual(['unwatch', '/home/ada/Site']);
  });

  it('publishes a watched folder to one of the account’s names and shows where its publication stands', async () => {
    const created = await server.api('POST', '/names', token, { label: 'Photo site' });
    const name = created.body as { id: string; name: string };
    const target = { nameId: name.id, name: name.name };
    const screens = new DesktopScreens(page);
    await screens.openWatchedFolders(server.url);
    const field = page.getByLabel(screens.t('watched.publish_to')).first();
    await field.locator('option', { hasText: 'Photo site' }).waitFor({ state: 'attached' });
    await field.selectOption(name.id);
    await expect.poll(async () => (await bridgeRecord(page)).calls).toContainEqual(['update', '/home/ada/Photos', { publishTo: target }]);

    const cid = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
    const publication = { ...target, state: 'retrying', cid, publishedAt: Date.UTC(2026, 10, 28, 9, 30), error: 'connect ECONNREFUSED' };
    await emitFromMain(page, 'folders', [{ ...FOLDERS[0]!, publishTo: target, publication }, FOLDERS[1]]);
    await page.getByRole('alert').filter({ hasText: 'connect ECONNREFUSED' }).waitFor();
    await page.getByText(cid).waitFor();
    expect(await field.inputValue()).toBe(name.id);
    await field.selectOption('');
    await expect.poll(async () => (await bridgeRecord(page)).calls).toContainEqual(['update', '/home/ada/Photos', { publishTo: null }]);
  });
});

describe('on the website', () => {
  it('has no desktop screens: no sidebar entries, and the paths are unknown pages', async () => {
    const browser = await signedIn('en', false);
    try {
      const screens = new DesktopScreens(browser.page);
      await browser.page.goto(`${server.url}/transfers`);
      await browser.page.getByRole('heading', { level: 1, name: en('common', 'not_found.title') }).waitFor();
      expect(await screens.navLink('transfers').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});

describe('in every language', () => {
  for (const language of SUPPORTED_LANGUAGES) {
    it(`${language}: Transfers and Watched folders are translated and axe-clean`, async () => {
      const browser = await signedIn(language, true);
      try {
        const screens = new DesktopScreens(browser.page, language);
        await screens.openTransfers(server.url);
        await screens.navLink('watched_folders').waitFor();
        await screens.button('transfers.pauseAll').waitFor();
        await checkScreen(browser.page, `desktop-transfers-${language}`);
        await screens.openWatchedFolders(server.url);
        await browser.page.getByText(screens.t('watched.add_title')).waitFor();
        await checkScreen(browser.page, `desktop-watched-folders-${language}`);
      } finally {
        await browser.close();
      }
    });
  }
});
