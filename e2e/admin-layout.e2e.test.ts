import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { apiSignup, apiToken } from './harness/content';
import { checkScreen } from './harness/screens';
import { ADMIN, startE2eServer, type E2eServer } from './harness/server';
import { a, AdminConsole } from './page-models/admin-console';
import { LoginPage } from './page-models/login-page';

/** The admin console's room: full-width tables, whole emails, the plan form, income per period. */

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;
let admin: AdminConsole;
let adminToken: string;

const LONG_EMAIL = 'maximiliane.mustermann-schmidt@beispiel-unternehmen.example';

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;
  for (const email of ['bob@example.com', 'carol.jones@example.org', LONG_EMAIL]) await apiSignup(server, email, 'a-long-password-1');
  adminToken = await apiToken(server, ADMIN.email, ADMIN.password);
  await new LoginPage(page).open(server.url).then((login) => login.logIn(ADMIN.email, ADMIN.password));
  admin = new AdminConsole(page, server.url);
});

afterEach(screenshotOnFailure(() => page));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The page column's width, the room `main` gives it, and each email's lines and whether it is whole or cut with its title. */
function measure() {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    const style = getComputedStyle(main);
    const room = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const column = document.querySelector('main .page')!.getBoundingClientRect().width;
    const emails = Array.from(document.querySelectorAll<HTMLElement>('.email-text'), (element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      const whole = element.scrollWidth <= element.clientWidth + 1;
      return { email: element.textContent, lines, whole, title: element.title };
    });
    return { room, column, emails };
  });
}

describe('admin layout', () => {
  it('gives the users table the whole width at 1280 and 1920 px, as a table, with every email on one line', async () => {
    // At 1280 px, everyday addresses; at 1920 px, every account, an unusually long address too.
    for (const [width, search, shown] of [
      [1280, '@example.', ['bob@example.com', 'carol.jones@example.org']],
      [1920, '', [ADMIN.email, 'bob@example.com', 'carol.jones@example.org', LONG_EMAIL]],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await admin.open('users');
      if (search) await admin.search('users.search', search);
      await expect.poll(() => admin.rows().count()).toBe(shown.length);
      const { room, column, emails } = await measure();
      expect(Math.abs(column - room), `page column at ${width}px`).toBeLessThanOrEqual(1);
      expect(await page.locator('.table-wrap.stacked').count(), `rows as cards at ${width}px`).toBe(0);
      expect(emails.map((email) => email.email).sort()).toEqual([...shown].sort());
      for (const email of emails) {
        expect(email.lines, `${email.email} at ${width}px`).toBe(1);
        // Cut only with the whole address at hand.
        expect(email.title).toBe(email.email);
        if (email.email !== LONG_EMAIL) expect(email.whole, `${email.email} at ${width}px`).toBe(true);
      }
      await checkScreen(page, `admin-users-${width}`);
    }
  });

  it('frames the plan texts as a group and takes a storage in MB', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await admin.open('plans');
    await page.getByRole('button', { name: a('plans.new') }).click();
    const form = admin.dialog(a('plans.new_title'));
    const group = form.getByRole('group', { name: a('plans.texts_legend') });
    expect(await group.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe('solid');
    await checkScreen(page, 'admin-plan-form-group', { fullPage: false, axe: { include: '.modal' } });

    await form.getByLabel(a('plans.code')).fill('trial');
    await form.getByLabel(a('plans.name'), { exact: true }).fill('Trial');
    await form.getByLabel(a('plans.storage'), { exact: true }).fill('500');
    await form.getByLabel(a('plans.unit'), { exact: true }).selectOption('MB');
    await form.getByLabel(a('plans.price')).fill('0');
    await form.getByRole('button', { name: a('plans.create') }).click();
    await form.waitFor({ state: 'detached' });
    const { body } = await server.api('GET', '/admin/plans', adminToken);
    const trial = (body as { plans: { code: string; storageLimitBytes: number }[] }).plans.find((plan) => plan.code === 'trial');
    expect(trial?.storageLimitBytes).toBe(500 * 1024 * 1024);

    // Opened again, it reads 500 MB, not 0.488 GB.
    await page
      .locator('tr[data-plan="trial"]')
      .getByRole('button', { name: new RegExp(a('plans.edit_named').replace('{{name}}', 'Trial')) })
      .click();
    const edit = page.getByRole('dialog');
    expect(await edit.getByLabel(a('plans.storage'), { exact: true }).inputValue()).toBe('500');
    expect(await edit.getByLabel(a('plans.unit'), { exact: true }).inputValue()).toBe('MB');
  });

  it('shows the amount of each income period beside its chart', async () => {
    const { body } = await server.api('GET', '/admin/stats', adminToken);
    const income = (body as { income: Record<string, number> }).income;
    await admin.open('stats');
    const figures = page.locator('[data-chart="income-periods"] .period-figures');
    await figures.waitFor();
    const periods = ['24h', '7d', '15d', '30d', '3m', '6m', '1y', 'all'];
    for (const period of periods) {
      const item = figures.locator(`[data-period="${period}"]`);
      expect(await item.locator('dt').textContent()).toBe(a(`income.long_${period}`));
      const euros = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(income[period]!);
      expect(await item.locator('dd').textContent()).toBe(euros);
    }
    await checkScreen(page, 'admin-stats-periods');
  });
});
