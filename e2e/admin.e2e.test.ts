import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { en } from './harness/locales';
import { checkScreen } from './harness/screens';
import { ADMIN, startE2eServer, type E2eServer } from './harness/server';
import { a, AdminConsole, af } from './page-models/admin-console';
import { LoginPage } from './page-models/login-page';

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;
let admin: AdminConsole;

const bob = {
  name: 'Bob',
  lastname: 'Builder',
  email: 'bob@example.com',
  password: 'bob-password-1',
  country: 'GB',
  birthDate: '01/02/1990',
};
const carol = {
  name: 'Carol',
  lastname: 'Shaw',
  email: 'carol@example.com',
  password: 'carol-password-1',
  country: 'US',
  birthDate: '03/04/1985',
};

async function token(email: string, password: string): Promise<string> {
  const { status, body } = await server.api('POST', '/auth/login', undefined, { email, password });
  expect(status).toBe(200);
  return (body as { token: string }).token;
}

async function upload(bearer: string, name: string, text: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const response = await fetch(`${server.url}/api/v2/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bearer}` },
    body: form,
  });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  server = await startE2eServer();
  const adminToken = await token(ADMIN.email, ADMIN.password);
  const { referralCode } = (await server.api('GET', '/users/me', adminToken)).body as { referralCode: string };
  for (const person of [bob, carol]) {
    const signup = await server.api('POST', '/auth/signup', undefined, { ...person, language: 'en', referralCode });
    expect(signup.status).toBe(201);
  }
  const bobToken = await token(bob.email, bob.password);
  await upload(bobToken, 'notes.txt', 'Notes kept by Bob.\n');
  await upload(bobToken, 'plans.md', '# Plans\n');
  // Carol's: Bob is disabled later on, and disabling revokes an account's tokens for good.
  const carolToken = await token(carol.email, carol.password);
  const generated = await server.api('POST', '/tokens/generate', carolToken, { name: 'ci-runner', expiresInDays: 30 });
  expect(generated.status).toBe(201);
  // An audit entry from long ago, for pruning to remove.
  await server.app.db
    .insertInto('logs')
    .values({
      id: '00000000-0000-4000-8000-000000000001',
      type: 'warning',
      action: 'login',
      user_id: null,
      user_email: 'ancient@example.com',
      details: null,
      ip: '192.0.2.1',
      created_at: new Date(Date.now() - 40 * 86_400_000).toISOString(),
    })
    .execute();

  browser = await launchBrowser();
  page = browser.page;
  admin = new AdminConsole(page, server.url);
  await new LoginPage(page).open(server.url).then((login) => login.logIn(ADMIN.email, ADMIN.password));
});

afterEach(screenshotOnFailure(() => page, 'admin-'));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('admin console', () => {
  it('shows the overview figures and the statistics charts', async () => {
    await admin.open('');
    await expect.poll(() => page.locator('[data-stat="users"] .stat-value').textContent()).toBe('3');
    expect(await page.locator('[data-stat="files"] .stat-value').textContent()).toBe('2');
    const activity = page.locator('[data-chart="activity"] svg[role="img"]');
    await activity.waitFor();
    expect(await activity.locator('title').first().textContent()).toBe(a('charts.activity_title'));
    // 30 days of sign-ups and uploads: two bars per day.
    expect(await activity.locator('rect.chart-bar').count()).toBe(60);
    await checkScreen(page, 'admin-overview');

    await page.getByRole('link', { name: a('overview.all_statistics') }).click();
    await admin.heading('stats.title').waitFor();
    await page.locator('[data-chart="income-periods"] svg[role="img"]').waitFor();
    const top = page.locator('[data-panel="top-referrers"] tbody tr');
    await top.first().waitFor();
    expect(await top.first().textContent()).toContain(ADMIN.email);
    // The text fallback of a chart: its figures as a table.
    await page.locator('[data-chart="activity"] summary').click();
    expect(await page.locator('[data-chart="activity"] .chart-data tbody tr').count()).toBe(30);
    await checkScreen(page, 'admin-stats');
  });

  it('changes a plan and disables a user, whose open session ends at its next request', async () => {
    const bobBrowser = await launchBrowser();
    try {
      await new LoginPage(bobBrowser.page).open(server.url).then((login) => login.logIn(bob.email, bob.password));

      await admin.open('users');
      await admin.search('users.search', 'bob@');
      await expect.poll(() => admin.rows().count()).toBe(1);
      const row = admin.row(bob.email);
      const adminToken = await token(ADMIN.email, ADMIN.password);
      const bobNow = async () =>
        (
          (await server.api('GET', `/admin/users?search=${encodeURIComponent(bob.email)}`, adminToken)).body as {
            users: { role: string; planCode: string }[];
          }
        ).users[0]!;

      // A plan change asks first: cancelled, nothing changes and the select shows the plan again.
      const planSelect = row.getByRole('combobox', { name: af('users.plan_for', { email: bob.email }) });
      await planSelect.selectOption('pro');
      let confirm = admin.confirmDialog('users.plan_title');
      await confirm.getByText(bob.email, { exact: false }).waitFor();
      await checkScreen(page, 'admin-users-plan', { fullPage: false, axe: { include: '.modal' } });
      await confirm.getByRole('button', { name: en('common', 'actions.cancel') }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await planSelect.inputValue()).toBe('free');
      expect((await bobNow()).planCode).toBe('free');
      await planSelect.selectOption('pro');
      await confirm.getByRole('button', { name: a('users.plan_confirm') }).click();
      await admin.message(af('users.updated', { email: bob.email })).waitFor();
      expect((await bobNow()).planCode).toBe('pro');

      // So does a role change; Escape counts as no.
      const roleSelect = row.getByRole('combobox', { name: af('users.role_for', { email: bob.email }) });
      await roleSelect.selectOption('admin');
      confirm = admin.confirmDialog('users.role_title');
      await confirm.getByText(af('users.role_to_admin', { email: bob.email })).waitFor();
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      expect(await roleSelect.inputValue()).toBe('user');
      expect((await bobNow()).role).toBe('user');

      await row.getByRole('button', { name: af('users.disable_named', { email: bob.email }) }).click();
      confirm = admin.confirmDialog('users.disable_title');
      await checkScreen(page, 'admin-users-disable', { fullPage: false, axe: { include: '.modal' } });
      await confirm.getByRole('button', { name: a('users.disable') }).click();
      await confirm.waitFor({ state: 'detached' });
      await row.getByText(a('users.status_inactive')).waitFor();
      expect((await server.api('GET', '/users/me', adminToken)).status).toBe(200);
      const listed = await server.api('GET', `/admin/users?search=${encodeURIComponent(bob.email)}`, adminToken);
      expect((listed.body as { users: { status: string }[] }).users.map((user) => user.status)).toEqual(['inactive']);

      // Bob's tab makes its next request and is sent to the login page.
      await bobBrowser.page.getByRole('link', { name: en('common', 'nav.referrals'), exact: true }).click();
      await new LoginPage(bobBrowser.page).heading().waitFor();
      await bobBrowser.page.getByText(en('auth', 'notice.account_disabled')).waitFor();
      const login = await server.api('POST', '/auth/login', undefined, { email: bob.email, password: bob.password });
      expect(login.status).toBe(403);

      // The admin's own account cannot be disabled or demoted.
      await admin.search('users.search', 'admin@');
      const self = admin.row(ADMIN.email);
      expect(await self.getByRole('button', { name: af('users.disable_named', { email: ADMIN.email }) }).isDisabled()).toBe(true);
      expect(await self.getByRole('combobox', { name: af('users.role_for', { email: ADMIN.email }) }).isDisabled()).toBe(true);

      await admin.open('users');
      await admin.row(carol.email).waitFor();
      await checkScreen(page, 'admin-users-list');
    } finally {
      await bobBrowser.close();
    }
  });

  it("searches every account's files and deletes one after confirmation", async () => {
    await admin.open('files');
    await expect.poll(() => admin.rows().count()).toBe(2);
    await checkScreen(page, 'admin-files');
    await admin.search('files.search', 'notes');
    await expect.poll(() => admin.rows().count()).toBe(1);
    await admin
      .row('notes.txt')
      .getByRole('button', { name: af('files.delete_named', { name: 'notes.txt' }) })
      .click();
    const confirm = admin.confirmDialog('files.delete_title_file');
    await confirm.getByRole('button', { name: a('files.delete') }).click();
    await admin.message(af('files.deleted', { name: 'notes.txt' })).waitFor();
    await page.getByText(a('list.no_match')).waitFor();
  });

  it('filters the audit log and prunes entries older than the days kept', async () => {
    await admin.open('logs');
    await admin.row('ancient@example.com').waitFor();
    await page.getByLabel(a('logs.action')).selectOption('signup');
    await page.getByRole('button', { name: a('logs.apply') }).click();
    await page.waitForURL((url) => url.searchParams.get('action') === 'signup');
    await expect.poll(() => page.locator('.admin-list tbody tr:not([data-log-action="signup"])').count()).toBe(0);
    await admin.row(carol.email).waitFor();
    expect(await admin.row(bob.email).count()).toBe(1);
    expect(await admin.row('ancient@example.com').count()).toBe(0);
    await checkScreen(page, 'admin-logs');

    await page.getByRole('button', { name: a('logs.clear') }).click();
    await admin.row('ancient@example.com').waitFor();
    await page
      .getByRole('button', { name: a('logs.prune') })
      .first()
      .click();
    const prune = page.getByRole('alertdialog', { name: a('logs.prune_title') });
    const days = prune.getByLabel(a('logs.keep_days'));
    expect(await days.inputValue()).toBe('15');
    await days.fill('0');
    await prune.getByRole('button', { name: a('logs.prune_confirm') }).click();
    await prune.getByText(af('logs.days_invalid', { max: 3650 })).waitFor();
    await days.fill('30');
    await checkScreen(page, 'admin-logs-prune', { fullPage: false, axe: { include: '.modal' } });
    await prune.getByRole('button', { name: a('logs.prune_confirm') }).click();
    await admin.message(af('logs.pruned_one', { count: 1 })).waitFor();
    await expect.poll(() => admin.row('ancient@example.com').count()).toBe(0);
  });

  it('creates, edits, deactivates and deletes plans, and refuses to delete a plan in use', async () => {
    await admin.open('plans');
    await page.getByRole('button', { name: a('plans.new') }).click();
    const form = admin.dialog(a('plans.new_title'));
    await form.getByLabel(a('plans.code')).fill('Team!');
    await form.getByRole('button', { name: a('plans.create') }).click();
    await form.getByText(a('plans.code_invalid')).waitFor();
    await form.getByText(en('common', 'validation.required')).first().waitFor();
    await checkScreen(page, 'admin-plan-form', { fullPage: false, axe: { include: '.modal' } });
    await form.getByLabel(a('plans.code')).fill('team');
    await form.getByLabel(a('plans.name'), { exact: true }).fill('Team');
    await form.getByLabel(a('plans.storage'), { exact: true }).fill('500');
    await form.getByLabel(a('plans.price')).fill('24,99');
    await form.getByLabel(a('plans.description_label')).fill('500 GiB for small teams.');
    await form.getByRole('button', { name: a('plans.create') }).click();
    await admin.message(af('plans.created', { name: 'Team' })).waitFor();
    const team = page.locator('tr[data-plan="team"]');
    expect(await team.textContent()).toContain('500\u00a0GiB');

    await team.getByRole('button', { name: af('plans.edit_named', { name: 'Team' }) }).click();
    const edit = admin.dialog(af('plans.edit_title', { name: 'Team' }));
    expect(await edit.getByLabel(a('plans.code')).isDisabled()).toBe(true);
    await edit.getByLabel(a('plans.price')).fill('19.99');
    await edit.getByRole('button', { name: en('common', 'actions.save') }).click();
    await admin.message(af('plans.saved', { name: 'Team' })).waitFor();
    await expect.poll(() => team.textContent()).toContain('19.99');

    await team.getByRole('button', { name: af('plans.deactivate_named', { name: 'Team' }) }).click();
    await admin.message(af('plans.deactivated', { name: 'Team' })).waitFor();
    await team.getByText(a('plans.inactive')).waitFor();

    // Bob holds Pro since the previous test: it cannot go.
    await page
      .locator('tr[data-plan="pro"]')
      .getByRole('button', { name: af('plans.delete_named', { name: 'Pro' }) })
      .click();
    await admin
      .confirmDialog('plans.delete_title')
      .getByRole('button', { name: a('plans.delete') })
      .click();
    await page.locator('[data-alert="plan-delete"]').getByText(a('errors.plan_in_use')).waitFor();
    await checkScreen(page, 'admin-plans');
    expect(
      await page
        .locator('tr[data-plan="free"]')
        .getByRole('button', { name: af('plans.delete_named', { name: 'Free' }) })
        .count(),
    ).toBe(0);

    await team.getByRole('button', { name: af('plans.delete_named', { name: 'Team' }) }).click();
    await admin
      .confirmDialog('plans.delete_title')
      .getByRole('button', { name: a('plans.delete') })
      .click();
    await admin.message(af('plans.deleted', { name: 'Team' })).waitFor();
    await team.waitFor({ state: 'detached' });
  });

  it("lists every account's tokens and revokes one", async () => {
    await admin.open('tokens');
    const row = admin.row('ci-runner');
    await row.waitFor();
    expect(await row.textContent()).toContain(carol.email);
    await checkScreen(page, 'admin-tokens');
    await row.getByRole('button', { name: af('tokens.revoke_named', { name: 'ci-runner', email: carol.email }) }).click();
    await admin
      .confirmDialog('tokens.revoke_title')
      .getByRole('button', { name: a('tokens.revoke') })
      .click();
    await admin.message(af('tokens.revoked', { name: 'ci-runner' })).waitFor();
    await row.getByText(a('tokens.status_revoked')).waitFor();
  });

  it('lists referrals and the rewards ledger', async () => {
    await admin.open('referrals');
    await expect.poll(() => admin.rows().count()).toBe(2);
    expect(await admin.row(carol.email).textContent()).toContain(ADMIN.email);
    // Carol's sign-up earned the admin 10 MiB (10 × 1024 × 1024 bytes), read as on every screen.
    expect(await admin.row(carol.email).textContent()).toContain('10\u00a0MiB');
    await checkScreen(page, 'admin-referrals');
    await admin.open('rewards');
    await admin.row(carol.email).first().waitFor();
    await admin.search('rewards.search', 'carol@');
    // Her sign-up bonus and the admin's grant for her sign-up.
    await expect.poll(() => admin.rows().count()).toBe(2);
    for (const text of await admin.rows().allTextContents()) expect(text).toContain('+10\u00a0MiB');
    await admin.open('rewards');
    await checkScreen(page, 'admin-rewards');
    // Referrals is routed but, as the spec says, not in the admin sub-menu.
    const menu = page.locator('#sidebar .nav-sub');
    expect(await menu.getByRole('link').count()).toBe(9);
    expect(await menu.getByRole('link', { name: en('common', 'admin_nav.rewards') }).count()).toBe(1);
  });

  it('keeps ordinary users out: no admin menu and the denial on /admin', async () => {
    const carolBrowser = await launchBrowser();
    try {
      const shell = await new LoginPage(carolBrowser.page).open(server.url).then((login) => login.logIn(carol.email, carol.password));
      expect(
        await shell
          .sidebar()
          .getByRole('button', { name: en('common', 'nav.admin') })
          .count(),
      ).toBe(0);
      await carolBrowser.page.goto(`${server.url}/admin`);
      await carolBrowser.page.getByText(en('common', 'errors.admin_required')).waitFor();
      await checkScreen(carolBrowser.page, 'admin-denied');
      // The server refuses too, whatever the browser shows.
      expect((await server.api('GET', '/admin/stats', await token(carol.email, carol.password))).status).toBe(403);
    } finally {
      await carolBrowser.close();
    }
  });
});
