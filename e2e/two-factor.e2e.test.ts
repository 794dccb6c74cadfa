import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './harness/axe';
import { screenshots } from './harness/browser';
import { en } from './harness/locales';
import { ADMIN } from './harness/server';
import { signedInSession } from './harness/session';
import { LoginPage } from './page-models/login-page';
import { ShellPage } from './page-models/shell-page';

const user = { email: 'grace@example.com', password: 'two-factor-pass' };
const session = signedInSession(user, 'two-factor-');
const s = (key: string) => en('settings', key);

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const codeFor = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

describe('two-factor sign-in', () => {
  it('enrols from Settings with the QR code, keeps the recovery codes, then signs in with a code', async () => {
    const { page, server } = session;
    await new ShellPage(page).openSettings();
    const card = page.locator('section#two-factor');
    await card.getByRole('button', { name: s('two_factor.enable') }).click();
    await card.getByRole('img', { name: s('two_factor.qr_alt') }).waitFor();
    const secret = (await card.getByTestId('two-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'two-factor enrolment');
    await screenshots(page, 'two-factor-enrol');

    // A wrong code is refused under the field; the right one turns it on.
    await card.getByLabel(s('two_factor.code_label')).fill('000000');
    await card.getByRole('button', { name: s('two_factor.confirm'), exact: true }).click();
    await card.getByText(en('common', 'errors.invalid_two_factor_code')).waitFor();
    await card.getByLabel(s('two_factor.code_label')).fill(codeFor(secret));
    await card.getByRole('button', { name: s('two_factor.confirm'), exact: true }).click();
    const codes = card.getByRole('list', { name: s('two_factor.codes_title') }).locator('li');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await expectAccessible(page, 'two-factor recovery codes');
    await screenshots(page, 'two-factor-codes');
    await card.getByRole('button', { name: s('two_factor.codes_saved') }).click();
    await card.getByText(s('two_factor.on'), { exact: true }).waitFor();

    // Signed out: the password alone no longer opens a session, the code step asks for the code.
    await page.evaluate(() => localStorage.clear());
    const login = await new LoginPage(page).open(server.url);
    await page.getByLabel(en('common', 'fields.email')).fill(user.email);
    await page.getByLabel(en('common', 'fields.password'), { exact: true }).fill(user.password);
    await page.getByRole('button', { name: en('auth', 'login.submit') }).click();
    await page.getByRole('heading', { level: 1, name: en('auth', 'two_factor.title') }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBe(0);
    await expectAccessible(page, 'login code step');
    await screenshots(login.page, 'two-factor-login');
    await page.getByLabel(en('auth', 'two_factor.code')).fill(codeFor(secret, 1));
    await page.getByRole('button', { name: en('auth', 'two_factor.submit') }).click();
    await new ShellPage(page).sidebar().waitFor();
  });

  it('shows administrators who has two-factor on and the setting that requires it', async () => {
    const { page, server } = session;
    await page.evaluate(() => localStorage.clear());
    await (await new LoginPage(page).open(server.url)).logIn(ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/admin/users`);
    const row = page.locator(`tr[data-user="${user.email}"]`);
    await row.getByText(en('admin', 'users.two_factor_on'), { exact: true }).waitFor();
    await page.getByLabel(en('admin', 'security.require_admin_two_factor')).waitFor();
    await expectAccessible(page, 'admin users with two-factor');
    await screenshots(page, 'two-factor-admin-users');
  });

  it('sends an administrator without two-factor to enrol first once it is required', async () => {
    const { page, server } = session;
    const requirement = page.getByLabel(en('admin', 'security.require_admin_two_factor'));
    await requirement.check();
    await page.getByText(en('admin', 'security.saved')).waitFor();
    try {
      await page.evaluate(() => localStorage.clear());
      await (await new LoginPage(page).open(server.url)).logIn(ADMIN.email, ADMIN.password);
      await page.waitForURL(/\/settings#two-factor$/);
      await page
        .getByRole('alert')
        .filter({ hasText: s('two_factor.required') })
        .waitFor();
      // Typing an admin address does not get past it either.
      await page.goto(`${server.url}/admin/users`);
      await page.waitForURL(/\/settings#two-factor$/);
      await screenshots(page, 'two-factor-admin-required', undefined, { fullPage: false });
    } finally {
      await server.app.stores.adminSettings.put('require_admin_two_factor', 'false', new Date().toISOString());
    }
  });
});
