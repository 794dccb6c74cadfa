import { SUPPORTED_LANGUAGES } from '@cairn/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { apiSignup, apiToken } from './harness/content';
import { bridgeRecord, provideDesktopBridge, savedServer, type BridgeServer } from './harness/desktop-bridge';
import { en, translation } from './harness/locales';
import { checkScreen } from './harness/screens';
import { startE2eServer, type E2eServer } from './harness/server';

/**
 * The desktop app's server address: asked for on a first run (no CAIRN_SERVER_URL, nothing
 * saved), and changed later in the settings. The bridge stand-in plays the main process, whose
 * own check of `/healthz` and saving are tested under Node (`desktop/src/main/server-check.test.ts`).
 */

let server: E2eServer;
let token: string;
const EMAIL = 'desktop-server@example.com';
const PASSWORD = 'desktop-server-password';
/** Nothing listens on port 9 of loopback (discard), so the stand-in calls it unreachable. */
const UNREACHABLE = 'http://127.0.0.1:9';
const OTHER_SERVER = 'http://127.0.0.2:8080';

beforeAll(async () => {
  server = await startE2eServer();
  await apiSignup(server, EMAIL, PASSWORD);
  token = await apiToken(server, EMAIL, PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

const t = (language: string, key: string) => translation(language, 'desktop', key);

async function desktop(language: string, bridge: BridgeServer, signedIn = false): Promise<E2eBrowser> {
  const browser = await launchBrowser();
  await browser.page.addInitScript(
    ({ token, language }) => {
      window.localStorage.setItem('cairn:language', language);
      // Once per tab: a sign-out must survive the reload that follows a change of server.
      if (token && !window.sessionStorage.getItem('__signed_in')) {
        window.localStorage.setItem('cairn:token', token);
        window.sessionStorage.setItem('__signed_in', '1');
      }
    },
    { token: signedIn ? token : null, language },
  );
  await provideDesktopBridge(browser.page, bridge);
  return browser;
}

describe('the server address on a first run', () => {
  let browser: E2eBrowser;
  beforeAll(async () => {
    browser = await desktop('en', { serverUrl: null, reachable: [] });
  });
  afterEach(screenshotOnFailure(() => browser.page));
  afterAll(async () => {
    await browser?.close();
  });

  it('is asked for before anything else, and a malformed or unreachable address is refused', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: t('en', 'server.title') }).waitFor();
    const field = page.getByLabel(t('en', 'server.label'));
    const connect = page.getByRole('button', { name: t('en', 'server.connect') });

    await field.fill('ftp://files.example.org');
    await connect.click();
    await page.getByText(t('en', 'server.errors.invalid_url')).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect((await bridgeRecord(page)).calls.filter((call) => call[0] === 'setServerUrl')).toEqual([]);

    await field.fill(UNREACHABLE);
    await connect.click();
    await page.getByText(t('en', 'server.errors.unreachable')).waitFor();
    expect((await bridgeRecord(page)).calls).toContainEqual(['setServerUrl', UNREACHABLE]);
    expect(await savedServer(page)).toBeNull();
  });
});

describe('the server address, checked against the servers that answer', () => {
  afterEach(screenshotOnFailure(() => current?.page));
  let current: E2eBrowser | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });

  it('saves a server that answers and shows its sign-in page', async () => {
    current = await desktop('en', { serverUrl: null, reachable: [server.url] });
    const { page } = current;
    await page.goto(`${server.url}/`);
    await page.getByLabel(t('en', 'server.label')).fill(`${server.url}/files`);
    await page.getByRole('button', { name: t('en', 'server.connect') }).click();
    await page.getByRole('heading', { level: 1, name: en('auth', 'login.title') }).waitFor();
    expect(await savedServer(page)).toBe(server.url);
  });

  it('is shown in the settings, where another server can be set: the app then starts signed out', async () => {
    current = await desktop('en', { serverUrl: server.url, source: 'setting', reachable: [server.url, OTHER_SERVER] }, true);
    const { page } = current;
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { level: 2, name: t('en', 'server.settings_title') }).waitFor();
    const field = page.getByLabel(t('en', 'server.label'));
    expect(await field.inputValue()).toBe(server.url);
    const save = page.getByRole('button', { name: t('en', 'server.save') });
    await field.fill(UNREACHABLE);
    await save.click();
    await page.getByText(t('en', 'server.errors.unreachable')).waitFor();
    await field.fill(OTHER_SERVER);
    await save.click();
    await page.getByRole('heading', { level: 1, name: en('auth', 'login.title') }).waitFor();
    expect(await savedServer(page)).toBe(OTHER_SERVER);
    expect(await page.evaluate(() => window.localStorage.getItem('cairn:token'))).toBeNull();
  });

  it('cannot be changed in the settings when CAIRN_SERVER_URL sets it', async () => {
    current = await desktop('en', { serverUrl: server.url, source: 'env' }, true);
    const { page } = current;
    await page.goto(`${server.url}/settings`);
    await page.getByText(t('en', 'server.from_env')).waitFor();
    expect(await page.getByLabel(t('en', 'server.label')).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: t('en', 'server.save') }).isDisabled()).toBe(true);
  });
});

describe('in every language', () => {
  for (const language of SUPPORTED_LANGUAGES) {
    it(`${language}: the first-run server screen is translated and axe-clean`, async () => {
      const browser = await desktop(language, { serverUrl: null });
      try {
        await browser.page.goto(`${server.url}/`);
        await browser.page.getByRole('heading', { level: 1, name: t(language, 'server.title') }).waitFor();
        await browser.page.getByRole('button', { name: t(language, 'server.connect') }).click();
        await browser.page.getByText(t(language, 'server.errors.invalid_url')).waitFor();
        await checkScreen(browser.page, `desktop-server-address-${language}`);
      } finally {
        await browser.close();
      }
    });
  }
});
