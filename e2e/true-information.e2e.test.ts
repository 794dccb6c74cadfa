import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { apiSignup, apiToken, apiUpload } from './harness/content';
import { en, translation } from './harness/locales';
import { ADMIN, startE2eServer, type E2eServer } from './harness/server';
import { FilesScreen, UploadScreen } from './page-models/content-pages';
import { LoginPage } from './page-models/login-page';
import { ShellPage } from './page-models/shell-page';

/**
 * What the console says is true: usage past the limit, the room an upload needs and the room left
 * (and no retry where retrying cannot help), names as uploaded, messages in the chosen language,
 * sizes in the units they are counted in, and gateway links that lead to the content.
 */

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;
let token: string;

const USER = { email: 'katherine.johnson@example.com', password: 'orbital-mechanics-1' };
const c = (key: string) => en('content', key);

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;
  await apiSignup(server, USER.email, USER.password);
  token = await apiToken(server, USER.email, USER.password);
  await new LoginPage(page).open(server.url).then((login) => login.logIn(USER.email, USER.password));
});

afterEach(screenshotOnFailure(() => page, 'information-'));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('names', () => {
  it('renames a file to letters of any alphabet, and still refuses a leading dot', async () => {
    await apiUpload(server, token, 'отчёт.txt', 'quarterly figures');
    const files = await new FilesScreen(page).open(server.url);
    await files.rename('отчёт.txt', 'отчёт-2026.txt');
    await files.renameDialog().waitFor({ state: 'detached' });
    await files.row('отчёт-2026.txt').waitFor();

    await files.rename('отчёт-2026.txt', 'ñandú.md');
    await files.renameDialog().waitFor({ state: 'detached' });
    await files.row('ñandú.md').waitFor();

    await files.rename('ñandú.md', '.ñandú');
    await files.renameDialog().getByText(c('rename.invalid_chars')).waitFor();
    await page.keyboard.press('Escape');
    await files.renameDialog().waitFor({ state: 'detached' });
  });
});

describe('settings', () => {
  it('says the profile is saved in the language it was just saved with', async () => {
    const shell = new ShellPage(page);
    await shell.openSettings();
    // Found by its language field, whatever language its buttons speak.
    const profile = page.locator('form').filter({ has: page.locator('select[name=language]') });
    await profile.getByLabel(en('common', 'fields.language')).selectOption('de');
    await profile.getByRole('button', { name: en('settings', 'profile.save') }).click();
    await page.getByText(translation('de', 'settings', 'profile.saved')).waitFor();
    expect(await page.getByText(en('settings', 'profile.saved')).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    // And back, now from a German page, for the tests that follow.
    await profile.locator('select[name=language]').selectOption('en');
    await profile.locator('button[type=submit]').click();
    await page.getByText(en('settings', 'profile.saved')).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});

describe('sizes', () => {
  it('counts in 1024s and says so: 68,805 bytes are 67.2 KiB, never "67.2 kB"', async () => {
    await apiUpload(server, token, 'figures.bin', new Uint8Array(68_805).fill(7));
    const files = await new FilesScreen(page).open(server.url);
    const row = files.row('figures.bin');
    await row.waitFor();
    expect(await row.innerText()).toContain('67.2\u00a0KiB');
    expect(await row.innerText()).not.toMatch(/kB|KB/);
    // The plan's limit too: the free plan's 1024³ bytes are 1 GiB.
    await page.goto(`${server.url}/usage`);
    await page.locator('[data-usage-meter]').waitFor();
    expect(await page.locator('.usage-facts').innerText()).toContain('1\u00a0GiB');
  });
});

/** Signs `email` up, stores `bytes` for it, then moves it to a plan of `limit` bytes, as an admin may. */
async function accountOnPlan(email: string, password: string, bytes: number, limit: number): Promise<string> {
  await apiSignup(server, email, password);
  const own = await apiToken(server, email, password);
  if (bytes > 0) await apiUpload(server, own, 'stored.bin', new Uint8Array(bytes).fill(1));
  const admin = await apiToken(server, ADMIN.email, ADMIN.password);
  const code = `plan-${limit}`;
  await server.api('POST', '/admin/plans', admin, { code, name: `Plan ${limit}`, storageLimitBytes: limit, priceMonthlyEur: 0 });
  const { body } = await server.api('GET', `/admin/users?search=${encodeURIComponent(email)}`, admin);
  const id = (body as { users: { id: string }[] }).users[0]!.id;
  expect((await server.api('PATCH', `/admin/users/${id}`, admin, { planCode: code })).status).toBe(200);
  return own;
}

/** A second browser, signed in as `email`, for a test that needs another account. */
async function signedIn(email: string, password: string): Promise<E2eBrowser> {
  const other = await launchBrowser();
  await new LoginPage(other.page).open(server.url).then((login) => login.logIn(email, password));
  return other;
}

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((result, [name, value]) => result.replaceAll(`{{${name}}}`, value), text);

describe('usage over the limit', () => {
  it('shows the real share and what is over, on Usage and on the Dashboard, never "100% used"', async () => {
    // 140 KiB stored, then moved to a plan of 100 KiB.
    await accountOnPlan('over.limit@example.com', 'over-limit-pass-1', 140 * 1024, 100 * 1024);
    const other = await signedIn('over.limit@example.com', 'over-limit-pass-1');
    try {
      const expected = fill(c('usage.percent_over'), { percent: '140%', over: '40\u00a0KiB' });
      const card = other.page.locator('[data-usage-card]');
      await card.locator('[data-usage-percent]').waitFor();
      expect(await card.locator('[data-usage-percent]').innerText()).toBe(expected);
      expect(await card.innerText()).not.toContain('100%');

      await other.page.goto(`${server.url}/usage`);
      const meter = other.page.locator('[data-usage-meter]');
      await meter.waitFor();
      expect(await meter.locator('[data-usage-percent]').innerText()).toBe(expected);
      expect(await meter.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(expected);
      expect(await other.page.locator('[data-usage-over]').innerText()).toBe('40\u00a0KiB');
      expect(await other.page.locator('.usage-facts').innerText()).not.toContain(c('usage.available'));
    } finally {
      await other.close();
    }
  });
});

describe('room for an upload, and retries that cannot help', () => {
  const KIB = 1024;
  let other: E2eBrowser;
  beforeAll(async () => {
    // 340 KiB stored on a 1 MiB plan: 684 KiB free.
    await accountOnPlan('room.left@example.com', 'room-left-pass-1', 340 * KIB, 1024 * KIB);
    other = await signedIn('room.left@example.com', 'room-left-pass-1');
  });
  afterAll(() => other?.close());

  const retryButtons = () => other.page.getByRole('button', { name: c('upload.retry') });

  it('checks the room left before sending, and says what the upload needs and what is free', async () => {
    const sent: string[] = [];
    await other.page.route('**/api/v2/upload**', async (route) => {
      sent.push(route.request().url());
      await route.continue();
    });
    try {
      const upload = await new UploadScreen(other.page).open(server.url);
      await upload.chooseMode('file');
      await upload
        .filePicker()
        .setInputFiles({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(977 * KIB, 2) });
      await upload.submit();
      const alert = other.page.locator('[data-quota-shortfall]');
      await alert.waitFor();
      expect(await alert.innerText()).toContain(fill(c('upload.over_quota'), { needed: '977\u00a0KiB', free: '684\u00a0KiB' }));
      expect(sent).toEqual([]);
      expect(await retryButtons().count()).toBe(0);
    } finally {
      await other.page.unroute('**/api/v2/upload**');
    }
  });

  it('still leaves the server to decide, and says what is free when it refuses, with no retry', async () => {
    const upload = await new UploadScreen(other.page).open(server.url);
    await upload.chooseMode('file');
    await upload.filePicker().setInputFiles({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(977 * KIB, 3) });
    // The figures the page reads just before sending are stale (another tab had just freed room, say).
    const real = (await server.api('GET', '/users/me/usage', await apiToken(server, 'room.left@example.com', 'room-left-pass-1')))
      .body as Record<string, unknown>;
    await other.page.route(
      '**/api/v2/users/me/usage',
      (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ ...real, used: 0, percent: 0, limitReached: false }),
        }),
      { times: 1 },
    );
    await upload.submit();
    const alert = other.page.locator('[data-quota-shortfall]');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.innerText()).toContain(fill(c('upload.quota_refused'), { free: '684\u00a0KiB' }));
    expect(await retryButtons().count()).toBe(0);
  });

  it('offers no retry of a CAR that is not valid', async () => {
    const upload = await new UploadScreen(other.page).open(server.url);
    await upload.chooseMode('car');
    await upload
      .filePicker()
      .setInputFiles({ name: 'broken.car', mimeType: 'application/vnd.ipld.car', buffer: Buffer.from('not a CAR at all') });
    await upload.submit();
    await other.page.locator('[data-upload-error]').waitFor();
    expect(await retryButtons().count()).toBe(0);
  });

  it('offers no retry of a CID that is not valid, or that the account does not hold', async () => {
    const cases: Array<[string, string]> = [
      ['not-a-cid', c('errors.invalid_cid')],
      ['bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy', c('errors.file_not_found')],
    ];
    for (const [cid, message] of cases) {
      await other.page.goto(`${server.url}/dag/${cid}`);
      const error = other.page.locator('.state-error');
      await error.getByText(message).waitFor();
      expect(await error.getByRole('button').count(), cid).toBe(0);
    }
  });
});

describe('DAG viewer links', () => {
  it("opens the content on this server's gateway first, and offers a public gateway only where the content is announced", async () => {
    const { cid } = await apiUpload(server, token, 'announce-me.txt', 'held here');
    await page.goto(`${server.url}/dag/${cid}`);
    const summary = page.locator('[data-dag]');
    const view = summary.getByRole('link', { name: c('actions.view'), exact: true });
    await view.waitFor();
    expect(await view.getAttribute('href')).toBe(`${server.url}/ipfs/${cid}`);
    expect(await view.getAttribute('class')).toContain('btn-primary');
    // The embedded engine announces nothing: a public gateway could not find it.
    expect(await summary.getByRole('link', { name: c('dag.public_gateway') }).count()).toBe(0);

    // A deployment whose nodes announce to the public network (a Kubo node with Kubo's defaults),
    // which a test on loopback cannot be: its answer stands in.
    await page.route(`**/api/v2/dag/${cid}**`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), announced: true } });
    });
    try {
      await page.reload();
      const publicLink = summary.getByRole('link', { name: c('dag.public_gateway') });
      await publicLink.waitFor();
      expect(await publicLink.getAttribute('href')).toBe(`https://ipfs.io/ipfs/${cid}`);
      expect(await publicLink.getAttribute('class')).toContain('btn-secondary');
      expect(await view.getAttribute('class')).toContain('btn-primary');
    } finally {
      await page.unroute(`**/api/v2/dag/${cid}**`);
    }
  });
});
