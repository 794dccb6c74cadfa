import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { apiToken, apiUpload, apiUploadFolder } from './harness/content';
import { en, translation } from './harness/locales';
import { checkScreen } from './harness/screens';
import { ADMIN, startE2eServer, type E2eServer } from './harness/server';
import { a, af, AdminConsole } from './page-models/admin-console';
import { LoginPage } from './page-models/login-page';

/** Plans in every language, and one account in full for its administrator. */

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;

const PASSWORD = 'plans-password-1';
const LANGUAGES = ['en', 'de', 'uk', 'eu'] as const;
const emailIn = (language: string) => `reader.${language}@example.com`;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;
  for (const language of LANGUAGES) {
    const { status } = await server.api('POST', '/auth/signup', undefined, {
      name: 'Ada',
      lastname: 'Lovelace',
      country: 'GB',
      birthDate: '10/12/1990',
      language,
      email: emailIn(language),
      password: PASSWORD,
    });
    expect(status).toBe(201);
  }
});

afterEach(screenshotOnFailure(() => page, 'plans-accounts-'));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(email: string, password: string): Promise<void> {
  // A page of the same origin that runs no app code, so nothing writes the session or language back.
  await page.goto(`${server.url}/healthz`);
  await page.evaluate(() => localStorage.clear());
  await browser.context.clearCookies();
  await (await new LoginPage(page).open(server.url)).logIn(email, password);
}

/** Sets the administrator's interface language through the API, as the language dialog does. */
async function adminLanguage(language: string): Promise<void> {
  const token = await apiToken(server, ADMIN.email, ADMIN.password);
  expect((await server.api('PUT', '/users/me/preferences', token, { language, country: 'GB' })).status).toBe(200);
}

describe('plans in every language', () => {
  it('lets the administrator translate a plan, and shows each user the plans in their language', async () => {
    await signIn(ADMIN.email, ADMIN.password);
    const admin = new AdminConsole(page, server.url);
    await admin.open('plans');
    await page
      .locator('tr[data-plan="pro"]')
      .getByRole('button', { name: af('plans.edit_named', { name: 'Pro' }) })
      .click();
    const form = admin.dialog(af('plans.edit_title', { name: 'Pro' }));
    const language = form.getByLabel(a('plans.text_language'));
    // Ukrainian already has the built-in translation; its name is replaced, its description kept.
    await language.selectOption('uk');
    await expect(form.getByLabel(a('plans.name'), { exact: true }).inputValue()).resolves.toBe('Pro');
    await form.getByLabel(a('plans.name'), { exact: true }).fill('Професійний');
    // The English text stays as it was, and shows as the placeholder of a language without its own.
    await language.selectOption('en');
    await expect(form.getByLabel(a('plans.name'), { exact: true }).inputValue()).resolves.toBe('Pro');
    await checkScreen(page, 'plan-translations-dialog', { fullPage: false, axe: { include: '[role="dialog"]' } });
    await form.getByRole('button', { name: en('common', 'actions.save') }).click();
    await admin.message(af('plans.saved', { name: 'Pro' })).waitFor();

    const token = await apiToken(server, ADMIN.email, ADMIN.password);
    const { body } = await server.api('GET', '/admin/plans', token);
    const pro = (body as { plans: Array<{ code: string; name: string; translations: Record<string, { name: string }> }> }).plans.find(
      (plan) => plan.code === 'pro',
    );
    expect(pro?.name).toBe('Pro');
    expect(pro?.translations.uk?.name).toBe('Професійний');

    const expected: Record<string, { free: string; pro: string }> = {
      en: { free: 'Free', pro: 'Pro' },
      de: { free: 'Kostenlos', pro: 'Pro' },
      uk: { free: 'Безкоштовний', pro: 'Професійний' },
      eu: { free: 'Doakoa', pro: 'Pro' },
    };
    for (const code of LANGUAGES) {
      await signIn(emailIn(code), PASSWORD);
      await page.goto(`${server.url}/plans`);
      await page.getByRole('heading', { level: 1, name: translation(code, 'billing', 'plans.title') }).waitFor();
      await expect(page.locator('article[data-plan="free"] h2').innerText()).resolves.toBe(expected[code]!.free);
      await expect(page.locator('article[data-plan="pro"] h2').innerText()).resolves.toBe(expected[code]!.pro);
      await checkScreen(page, `plans-${code}`);
    }
  });
});

describe('one account in full', () => {
  it('opens an account from the users list and grants it bonus storage through the ledger', async () => {
    const userToken = await apiToken(server, emailIn('de'), PASSWORD);
    await apiUpload(server, userToken, 'bericht.txt', 'Quartalsbericht');
    await signIn(ADMIN.email, ADMIN.password);
    const admin = new AdminConsole(page, server.url);
    await admin.open('users');
    await admin.row(emailIn('de')).getByRole('link', { name: 'Ada Lovelace' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
    const files = page.locator('[data-section="files"]');
    await files.getByRole('cell', { name: 'bericht.txt' }).waitFor();
    await page
      .locator('[data-section="logs"]')
      .getByRole('cell', { name: a('logs.action_upload') })
      .first()
      .waitFor();
    await expect(page.locator('[data-section="rewards"]').innerText()).resolves.toContain(a('user.none_rewards'));

    await page.getByRole('button', { name: a('user.bonus_grant') }).click();
    const dialog = admin.dialog(af('user.bonus_title', { email: emailIn('de') }));
    await dialog.getByRole('button', { name: a('user.bonus_submit') }).click();
    await dialog.getByText(a('user.bonus_invalid')).waitFor();
    await dialog.getByLabel(a('user.bonus_amount')).fill('300');
    await dialog.getByLabel(a('user.bonus_note')).fill('Support ticket 4521');
    await checkScreen(page, 'admin-user-bonus-dialog', { fullPage: false, axe: { include: '[role="dialog"]' } });
    await dialog.getByRole('button', { name: a('user.bonus_submit') }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-field="bonus"]').innerText()).toBe('300\u00a0MiB');
    const reward = page.locator('[data-section="rewards"] tbody tr').first();
    await expect.poll(() => reward.innerText()).toContain(a('rewards.reason_admin_grant'));
    await expect(reward.innerText()).resolves.toContain(ADMIN.email);
    const usage = await server.api('GET', '/users/me/usage', userToken);
    expect((usage.body as { bonusBytes?: number; limit: number }).limit).toBe(1024 ** 3 + 300 * 1024 ** 2);

    const url = page.url();
    for (const code of LANGUAGES) {
      await adminLanguage(code);
      await signIn(ADMIN.email, ADMIN.password);
      await page.goto(url);
      await page.getByRole('heading', { level: 2, name: translation(code, 'admin', 'user.profile') }).waitFor();
      await page.locator('[data-section="files"]').getByRole('cell', { name: 'bericht.txt' }).waitFor();
      await checkScreen(page, `admin-user-${code}`);
    }
    await adminLanguage('en');
  });
});

describe('API tokens', () => {
  it('removes the revoked tokens from the list and keeps the others', async () => {
    for (const code of LANGUAGES) {
      const token = await apiToken(server, emailIn(code), PASSWORD);
      for (const name of [`kept-${code}`, `revoked-${code}`]) {
        expect((await server.api('POST', '/tokens/generate', token, { name, expiresInDays: 30 })).status).toBe(201);
      }
      const { body } = await server.api('GET', '/tokens', token);
      const revoked = (body as { tokens: Array<{ id: string; name: string }> }).tokens.find((t) => t.name === `revoked-${code}`)!;
      expect((await server.api('DELETE', `/tokens/${revoked.id}`, token)).status).toBe(200);

      await signIn(emailIn(code), PASSWORD);
      await page.goto(`${server.url}/settings/tokens`);
      const table = page.locator('.tokens-table');
      await table.getByText(`revoked-${code}`).waitFor();
      await checkScreen(page, `tokens-revoked-${code}`);
      await page.getByRole('button', { name: translation(code, 'settings', 'tokens.remove_revoked') }).click();
      await page.getByText(translation(code, 'settings', 'tokens.revoked_removed')).waitFor();
      await expect(table.getByText(`revoked-${code}`).count()).resolves.toBe(0);
      await table.getByText(`kept-${code}`).waitFor();
      await page.reload();
      await table.getByText(`kept-${code}`).waitFor();
      await expect(table.getByText(`revoked-${code}`).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: translation(code, 'settings', 'tokens.remove_revoked') }).count()).resolves.toBe(0);
    }
  });
});

describe('DAG viewer', () => {
  it('downloads a folder as one CAR file', async () => {
    for (const code of LANGUAGES) {
      const token = await apiToken(server, emailIn(code), PASSWORD);
      const folder = await apiUploadFolder(server, token, { [`site-${code}/index.html`]: '<h1>Hi</h1>', [`site-${code}/a.css`]: 'a{}' });
      expect(folder.type).toBe('directory');
      await signIn(emailIn(code), PASSWORD);
      await page.goto(`${server.url}/dag/${folder.cid}`);
      const link = page.getByRole('link', { name: translation(code, 'content', 'dag.download_car') });
      await link.waitFor();
      const href = (await link.getAttribute('href'))!;
      expect(href).toBe(`${server.url}/ipfs/${folder.cid}?format=car`);
      const response = await page.request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('application/vnd.ipld.car');
      expect(response.headers()['content-disposition']).toBe(
        `attachment; filename="${folder.cid}.car"; filename*=UTF-8''${folder.cid}.car`,
      );
      expect((await response.body()).byteLength).toBeGreaterThan(30);
      await checkScreen(page, `dag-car-${code}`);
    }
  });
});
