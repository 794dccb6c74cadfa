import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { apiSignup, apiToken } from './harness/content';
import { en, translation } from './harness/locales';
import { checkScreen } from './harness/screens';
import { ADMIN, startE2eServer, type E2eServer } from './harness/server';
import { a, AdminConsole } from './page-models/admin-console';
import { b, PlansScreen } from './page-models/billing-pages';
import { LoginPage } from './page-models/login-page';
import { ShellPage } from './page-models/shell-page';

/** Fixes across the console: each test fails on the behaviour it replaces. */

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;

const USER = { email: 'grace.hopper@example.com', password: 'grace-password-1' };
const OTHER = { email: 'disabled.soon@example.com', password: 'other-password-1' };
const c = (key: string) => en('content', key);

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;
  await apiSignup(server, USER.email, USER.password);
  await apiSignup(server, OTHER.email, OTHER.password);
});

afterEach(screenshotOnFailure(() => page, 'fixes-'));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Signed out, no stored language (neither locally nor in the cookie), on the login page. */
async function signedOut(): Promise<LoginPage> {
  await page.goto(`${server.url}/login`);
  await page.evaluate(() => localStorage.clear());
  await browser.context.clearCookies();
  return new LoginPage(page).open(server.url);
}

const storedToken = () => page.evaluate(() => localStorage.getItem('cairn:token'));

describe('signing in and out', () => {
  it('sends the next user to the dashboard, not to the page the previous user was on', async () => {
    await (await signedOut()).logIn(ADMIN.email, ADMIN.password);
    await new AdminConsole(page, server.url).open('users');
    // The session ends on the server; the next call the page makes finds out.
    await server.api('POST', '/auth/logout', (await storedToken()) ?? undefined);
    await page.goto(`${server.url}/admin`);
    const login = new LoginPage(page);
    await login.heading().waitFor();
    await login.logIn(USER.email, USER.password);
    await page.locator('[data-usage-card]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByText(en('common', 'errors.admin_required')).count()).resolves.toBe(0);
  });

  it('tells a user disabled while signed in that the account is disabled', async () => {
    await (await signedOut()).logIn(OTHER.email, OTHER.password);
    const adminToken = await apiToken(server, ADMIN.email, ADMIN.password);
    const { body } = await server.api('GET', `/admin/users?search=${encodeURIComponent(OTHER.email)}`, adminToken);
    const id = (body as { users: { id: string }[] }).users[0]!.id;
    expect((await server.api('PATCH', `/admin/users/${id}`, adminToken, { status: 'inactive' })).status).toBe(200);
    // The next call the page makes finds out. A call the dashboard still had in flight may find
    // out before the click lands, and the link is gone with the signed-in pages.
    const login = new LoginPage(page);
    await new ShellPage(page)
      .navLink('files')
      .click({ timeout: 5000 })
      .catch(() => login.heading().waitFor());
    await login.heading().waitFor();
    await page.getByText(en('auth', 'notice.account_disabled')).waitFor();
    await expect(page.getByText(en('auth', 'notice.session_closed')).count()).resolves.toBe(0);
  });
});

describe('shell and pages', () => {
  it('finds a language by its translated name, and shows no unread mark on an empty bell', async () => {
    const token = await apiToken(server, USER.email, USER.password);
    await server.api('PUT', '/users/me/preferences', token, { language: 'uk', country: 'GB' });
    await (await signedOut()).logIn(USER.email, USER.password);
    const shell = new ShellPage(page);
    await page.locator('html[lang="uk"]').waitFor();
    await shell.languageButton().click();
    const dialog = page.getByRole('dialog', { name: translation('uk', 'common', 'language.title') });
    await dialog.getByRole('searchbox').fill('Англ');
    await expect(dialog.getByRole('radio').count()).resolves.toBe(1);
    await expect(dialog.locator('input[type=radio]').first().getAttribute('value')).resolves.toBe('en');
    await page.keyboard.press('Escape');

    const bell = shell.topBar().getByRole('button', { name: translation('uk', 'common', 'notifications.title') });
    await expect(bell.locator(':scope > :not(svg)').count()).resolves.toBe(0);
    await server.api('PUT', '/users/me/preferences', token, { language: 'en', country: 'GB' });
  });

  it('sums up referrals on the dashboard: totals, earned, bonus and who joined last', async () => {
    const token = await apiToken(server, USER.email, USER.password);
    const me = (await server.api('GET', '/users/me', token)).body as { referralCode: string };
    const { status } = await server.api('POST', '/auth/signup', undefined, {
      name: 'Katherine',
      lastname: 'Johnson',
      country: 'US',
      birthDate: '26/08/1988',
      language: 'en',
      email: 'katherine.johnson@example.com',
      password: 'katherine-password-1',
      referralCode: me.referralCode,
    });
    expect(status).toBe(201);
    await (await signedOut()).logIn(USER.email, USER.password);
    const card = page.locator('[data-referral-card]');
    await card.getByRole('heading', { name: b('referrals.title') }).waitFor();
    await expect(card.locator('[data-stat="total"] dd').innerText()).resolves.toBe('1');
    await expect(card.locator('[data-stat="bonus"] dd').innerText()).resolves.toMatch(/^\d+(\.\d+)?\u00a0MiB$/);
    await expect(card.locator('[data-referral]').count()).resolves.toBe(1);
    await expect(card.locator('[data-referral]').innerText()).resolves.toMatch(/^k\*+@example\.com/);
    await card.getByRole('link', { name: en('common', 'dashboard.see_referrals') }).click();
    await page.getByRole('heading', { level: 1, name: b('referrals.title') }).waitFor();
  });

  it('shows toasts under the top bar, never over Log out', async () => {
    await (await signedOut()).logIn(USER.email, USER.password);
    const shell = new ShellPage(page);
    const modal = await shell.openLanguageModal();
    await modal.save();
    const toast = page.getByText(en('common', 'language.saved'));
    await toast.waitFor();
    const logout = shell.topBar().getByRole('button', { name: en('common', 'actions.logout') });
    const logoutBox = (await logout.boundingBox())!;
    // Measured once the toast has slid in: it enters from above.
    await expect
      .poll(async () => (await toast.boundingBox())?.y ?? -1, { timeout: 5000 })
      .toBeGreaterThanOrEqual(logoutBox.y + logoutBox.height);
  });

  it('checks the CID in the form, and drops an earlier error when the form refuses the next input', async () => {
    await (await signedOut()).logIn(USER.email, USER.password);
    await page.goto(`${server.url}/pin`);
    const cid = page.getByLabel(c('pin.cid'), { exact: true });
    const submit = page.getByRole('button', { name: c('pin.submit'), exact: true });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v2/pins')) requests.push(request.method());
    });

    await cid.fill('not-a-cid');
    await submit.click();
    await page.locator('.field-error', { hasText: c('errors.invalid_cid') }).waitFor();
    expect(requests).toEqual([]);

    // A well-formed CID nobody holds: the server's answer shows as an alert.
    await cid.fill('bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy');
    await submit.click();
    await page.locator('[data-pin-error]').waitFor({ timeout: 20_000 });
    expect(requests).toEqual(['POST']);

    await cid.fill('');
    await submit.click();
    await page.locator('.field-error', { hasText: c('pin.cid_required') }).waitFor();
    await expect(page.locator('[data-pin-error]').count()).resolves.toBe(0);
  });

  it("shows each area's own error for a server failure, with the server's words when it sent some", async () => {
    await (await signedOut()).logIn(USER.email, USER.password);
    await page.route('**/api/v2/users/me/uploads**', (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await page.goto(`${server.url}/files`);
    await page.getByText(c('errors.files_load'), { exact: true }).waitFor();
    await expect(page.getByText(en('common', 'errors.unexpected_error')).count()).resolves.toBe(0);
    await page.unroute('**/api/v2/users/me/uploads**');

    await page.route('**/api/v2/users/me/usage**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Database is locked', code: 'internal_error' }),
      }),
    );
    await page.goto(`${server.url}/usage`);
    await page
      .getByText(
        `${c('errors.usage_load')} ${en('common', 'errors.with_detail').split('{{message}} ')[1]!.replace('{{detail}}', 'Database is locked')}`,
      )
      .waitFor();
    await page.unroute('**/api/v2/users/me/usage**');
  });

  it('renders the API reference Markdown instead of showing its backticks', async () => {
    await page.goto(`${server.url}/api-docs`);
    await page.locator('.operation').first().waitFor();
    await page.evaluate(() => document.querySelectorAll('details.operation').forEach((details) => details.setAttribute('open', '')));
    // Prose only: the SDK quick starts are code, where a backtick is a template literal.
    const text = await page.locator('main').evaluate((main) => {
      const copy = main.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('pre').forEach((block) => block.remove());
      return copy.textContent ?? '';
    });
    expect(text).not.toContain('`');
    expect(await page.locator('.op-body .markdown code, .op-list code').count()).toBeGreaterThan(10);
  });

  it('warns about a smaller limit only when the free plan chosen is smaller', async () => {
    const adminToken = await apiToken(server, ADMIN.email, ADMIN.password);
    for (const plan of [
      { code: 'free-plus', name: 'Free Plus', storageLimitBytes: 5 * 1024 ** 3, priceMonthlyEur: 0 },
      { code: 'free-mini', name: 'Free Mini', storageLimitBytes: 100 * 1024 ** 2, priceMonthlyEur: 0 },
    ]) {
      expect((await server.api('POST', '/admin/plans', adminToken, plan)).status).toBe(201);
    }
    await (await signedOut()).logIn(USER.email, USER.password);
    const plans = await new PlansScreen(page, server.url).open();
    const bigger = await plans.select('free-plus', 'Free Plus');
    await expect(bigger.root().locator('[data-free-change]').innerText()).resolves.toContain(
      b('checkout.free_upgrade_message').split('{{size}}')[1]!.trim(),
    );
    await expect(
      bigger
        .root()
        .getByText(/cannot upload more/)
        .count(),
    ).resolves.toBe(0);
    await page.keyboard.press('Escape');
    const smaller = await plans.select('free-mini', 'Free Mini');
    await expect(smaller.root().locator('[data-free-change]').innerText()).resolves.toContain(
      b('checkout.downgrade_message').split('. ')[1]!.split('{{')[0]!.trim(),
    );
    await page.keyboard.press('Escape');
  });
});

describe('payment return pages', () => {
  it.each(['success', 'cancel'])('/payment/%s reads transactionid too, and offers no retry for an unknown order', async (outcome) => {
    await (await signedOut()).logIn(USER.email, USER.password);
    const unknown = '5b0f7a54-3c3e-4d8f-9d55-0e0d7d3f2a11';
    for (const param of ['transactionid', 'transactionId']) {
      const asked = page.waitForRequest((request) => request.url().includes(`/api/v2/payments/${unknown}`));
      await page.goto(`${server.url}/payment/${outcome}?${param}=${unknown}`);
      await asked;
      await page.getByRole('heading', { name: b('errors.invalid_transaction') }).waitFor();
      await expect(page.getByRole('button', { name: en('common', 'actions.retry') }).count()).resolves.toBe(0);
    }
  });
});

describe('admin console', () => {
  it('shows every income period, down to "All time", without a scroll box', async () => {
    await (await signedOut()).logIn(ADMIN.email, ADMIN.password);
    await new AdminConsole(page, server.url).open('stats');
    const chart = page.locator('[data-chart="income-periods"]');
    await chart.getByText(a('charts.show_figures')).click();
    const wrap = chart.locator('.chart-table-wrap');
    const allTime = wrap.getByRole('rowheader', { name: a('income.long_all') });
    await allTime.waitFor();
    const [row, box] = [await allTime.boundingBox(), await wrap.boundingBox()];
    expect(row!.y + row!.height).toBeLessThanOrEqual(box!.y + box!.height);
    await expect(wrap.evaluate((element) => element.scrollHeight <= element.clientHeight)).resolves.toBe(true);
  });

  it('shows an empty state for a daily chart with nothing in it, and draws the others', async () => {
    await new AdminConsole(page, server.url).open('stats');
    const income = page.locator('[data-chart="income"]');
    await income.getByText(a('charts.no_data')).waitFor();
    await expect(income.locator('svg.chart-svg').count()).resolves.toBe(0);
    await page.locator('[data-chart="activity"] svg.chart-svg').waitFor();
  });

  it('filters the audit log by part of an email', async () => {
    await (await signedOut()).logIn(ADMIN.email, ADMIN.password);
    const console = new AdminConsole(page, server.url);
    await console.open('logs');
    await page.getByLabel(a('logs.user'), { exact: true }).fill('GRACE.hop');
    await page.getByRole('button', { name: a('logs.apply') }).click();
    await expect.poll(() => page.url()).toContain('user=GRACE.hop');
    const cells = page.locator('table tbody tr td').filter({ hasText: '@' });
    // The filtered page replaces the unfiltered one when its answer arrives.
    await expect
      .poll(async () => {
        const emails = await cells.allInnerTexts();
        return emails.length > 0 && emails.every((email) => email.includes(USER.email));
      })
      .toBe(true);
    await checkScreen(page, 'fixes-admin-logs-user');
  });
});
