import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, screenshots, type E2eBrowser } from './harness/browser';
import { en, translation } from './harness/locales';
import { SCREENSHOT_DIR } from './harness/paths';
import { ADMIN, startE2eServer, type E2eServer } from './harness/server';
import { LoginPage } from './page-models/login-page';
import { ShellPage } from './page-models/shell-page';
import { SignupPage } from './page-models/signup-page';

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;

const user = {
  name: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.com',
  password: 'analytical-engine',
  country: 'GB',
  birthDate: '10/12/1985',
};

const INACTIVITY_KEY = 'cairn:inactivity-timeout-ms';

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;
});

afterEach(screenshotOnFailure(() => page));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A signed-out browser with no stored language, and the test user's profile back in English. */
async function freshSession(): Promise<void> {
  const { body } = await server.api('POST', '/auth/login', undefined, { email: user.email, password: user.password });
  const token = (body as { token?: string }).token;
  if (token) await server.api('PUT', '/users/me/preferences', token, { language: 'en', country: user.country });
  await page.goto(`${server.url}/login`);
  await page.evaluate(() => localStorage.clear());
  await browser.context.clearCookies();
}

describe('sign up, log in, tokens, language, logout', () => {
  it('signs up with a referral code from the link, with validation in the form', async () => {
    const { body } = await server.api('POST', '/auth/login', undefined, ADMIN);
    const adminToken = (body as { token: string }).token;
    const me = (await server.api('GET', '/users/me', adminToken)).body as { referralCode: string };

    const signup = await new SignupPage(page).open(server.url, `?ref=${me.referralCode}`);
    expect(await signup.field('referral_code').inputValue()).toBe(me.referralCode);
    await signup.submit();
    await page.getByText(en('common', 'validation.required')).first().waitFor();
    // Focus lands on the first field with a problem, not on the button that was pressed.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await signup.field('name').fill(user.name);
    await signup.field('password').fill('123');
    await signup.field('birth_date').fill('31/02/1990');
    await signup.submit();
    await page.getByText(en('common', 'validation.birth_date_invalid')).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('lastname');
    await screenshots(page, 'signup-errors');

    // A referral code nobody has: the server's answer shows under that field, which takes focus.
    await new SignupPage(page).open(server.url, '?ref=NOSUCHCODE');
    await signup.fill(user);
    await signup.submit();
    await signup.fieldError('referral_code').getByText(en('common', 'errors.invalid_referral_code')).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('referralCode');
    expect(await page.locator('.auth-card').getByRole('alert').count()).toBe(0);

    await new SignupPage(page).open(server.url, `?ref=${me.referralCode}`);
    await signup.fill(user);
    await screenshots(page, 'signup');
    // Signed in straight away: the dashboard greets the new user, with no login form in between.
    await signup.signUp(user);
    await page.getByText(en('auth', 'signup.signed_in')).waitFor();
    await page.getByRole('heading', { level: 1, name: en('common', 'dashboard.welcome').replace('{{name}}', user.name) }).waitFor();
    await new ShellPage(page).logOut();

    const login = await new LoginPage(page).open(server.url);
    await screenshots(login.page, 'login');

    // The server's answer shows on the field it is about: the same email cannot sign up twice.
    const again = await new SignupPage(page).open(server.url);
    await again.fill(user);
    await again.submit();
    await again.fieldError('email').getByText(en('common', 'errors.email_taken')).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(await page.locator('.auth-card').getByRole('alert').count()).toBe(0);
  });

  it('shows the server error for a wrong password, then logs in to the shell', async () => {
    const login = await new LoginPage(page).open(server.url);
    const signupLink = page.getByRole('link', { name: en('auth', 'login.no_account').replace(/.*<action>(.*)<\/action>.*/, '$1') });
    expect(await signupLink.getAttribute('href')).toBe('/signup');
    await page.getByLabel(en('common', 'fields.email')).fill(user.email);
    await page.getByLabel(en('common', 'fields.password'), { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: en('auth', 'login.submit') }).click();
    await login.formError().getByText(en('common', 'errors.invalid_credentials')).waitFor();
    await screenshots(page, 'login-error');

    const shell = await login.logIn(user.email, user.password);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1, name: en('common', 'dashboard.welcome').replace('{{name}}', user.name) }).waitFor();
    for (const key of ['dashboard', 'upload', 'pin', 'files', 'usage', 'plans', 'referrals', 'api_docs']) {
      expect(await shell.navLink(key).isVisible()).toBe(true);
    }
    expect(await shell.sidebar().getByText(en('common', 'nav.admin')).count()).toBe(0);
    expect(await shell.topBar().getByText(user.email).isVisible()).toBe(true);
    expect(await shell.languageButton().innerText()).toContain('EN');
    await screenshots(page, 'dashboard');

    await shell.openNotifications();
    await shell.topBar().getByText(en('common', 'notifications.in_development')).waitFor();
    await shell.topBar().getByText(en('common', 'notifications.empty')).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'notifications-1280.png') });
    await page.keyboard.press('Escape');

    await screenshots(
      page,
      'drawer',
      async (width) => {
        if (width < 900) await shell.openDrawer();
      },
      { fullPage: false },
    );
    await page.keyboard.press('Escape');
    await screenshots(
      page,
      'account-menu',
      async (width) => {
        if (width < 900) await shell.openAccountMenu();
      },
      { fullPage: false },
    );
    await page.keyboard.press('Escape');
  });

  it('makes a token whose secret is shown once, then revokes it', async () => {
    const shell = new ShellPage(page);
    const settings = await shell.openSettings();
    await settings.tokensSection().getByText(en('settings', 'tokens.empty_title')).waitFor();
    await screenshots(page, 'settings');

    const modal = await settings.openNewToken();
    await modal.fill('ci-runner', 'never');
    await modal.submit();
    await modal.form().getByText(en('common', 'validation.ip_required')).waitFor();
    await screenshots(page, 'token-modal', undefined, { fullPage: false });
    await modal.fill('ci-runner', 'never', '203.0.113.7');
    await modal.submit();
    const secret = await modal.secret();
    expect(secret).toMatch(/^cairn_/);
    await screenshots(page, 'token-secret', undefined, { fullPage: false });

    // Escape or a click outside would lose the secret: the dialog asks, and Escape there keeps it.
    const discard = page.getByRole('alertdialog', { name: en('settings', 'tokens.discard_title') });
    await page.keyboard.press('Escape');
    await discard.waitFor();
    await screenshots(page, 'token-discard', undefined, { fullPage: false });
    await page.keyboard.press('Escape');
    expect(await modal.secret()).toBe(secret);
    await page.mouse.click(5, 5);
    await discard.getByRole('button', { name: en('settings', 'tokens.discard_keep') }).click();
    expect(await modal.secret()).toBe(secret);
    await modal.done();

    // Shown once: gone from the page, never in the list.
    expect(await page.content()).not.toContain(secret);
    await settings.tokenRow('ci-runner').getByText(en('settings', 'tokens.status_active')).waitFor();
    // The token works, from its allowed IP only (the test talks to the server from 127.0.0.1).
    expect((await server.api('GET', '/users/me', secret)).status).toBe(401);

    await settings.openNewToken().then(async (second) => {
      await second.fill('laptop', '30');
      await second.submit();
      const laptopSecret = await second.secret();
      await second.done();
      expect((await server.api('GET', '/users/me', laptopSecret)).status).toBe(200);
      await settings.tokenRow('laptop').waitFor();
      await settings.tokenRow('laptop').getByRole('button').click();
      await page.getByRole('alertdialog').waitFor();
      await screenshots(page, 'token-revoke-confirm', undefined, { fullPage: false });
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: en('common', 'actions.cancel') })
        .click();
      await settings.revoke('laptop');
      await settings.tokenRow('laptop').getByText(en('settings', 'tokens.status_revoked')).waitFor();
      expect((await server.api('GET', '/users/me', laptopSecret)).status).toBe(401);
    });
    await screenshots(page, 'settings-tokens-list');

    await page.goto(`${server.url}/settings/tokens`);
    await page.getByRole('heading', { level: 1, name: en('settings', 'tokens.page_title') }).waitFor();
    await settings.tokenRow('laptop').waitFor();
    await screenshots(page, 'tokens-page');
  });

  it('edits the profile and the password, with focus kept inside dialogs', async () => {
    const settings = await new ShellPage(page).openSettings();
    const profile = page.locator('form').filter({ has: page.getByRole('button', { name: en('settings', 'profile.save') }) });
    await profile.getByLabel(en('common', 'fields.name'), { exact: true }).fill('Augusta Ada');
    await profile.getByRole('button', { name: en('settings', 'profile.save') }).click();
    await page.getByText(en('settings', 'profile.saved')).waitFor();
    const { body } = await server.api('POST', '/auth/login', undefined, { email: user.email, password: user.password });
    const me = await server.api('GET', '/users/me', (body as { token: string }).token);
    expect(me.body).toMatchObject({ name: 'Augusta Ada', country: 'GB' });

    const password = page.locator('form').filter({ has: page.getByRole('button', { name: en('settings', 'password.save') }) });
    await password.getByLabel(en('settings', 'password.current'), { exact: true }).fill('not-my-password');
    await password.getByLabel(en('settings', 'password.new'), { exact: true }).fill('difference-engine');
    await password.getByLabel(en('settings', 'password.confirm')).fill('difference-engine');
    await password.getByRole('button', { name: en('settings', 'password.save') }).click();
    await password.getByText(en('common', 'errors.wrong_password')).waitFor();
    await password.getByLabel(en('settings', 'password.current'), { exact: true }).fill(user.password);
    await password.getByRole('button', { name: en('settings', 'password.save') }).click();
    await page.getByText(en('settings', 'password.saved')).waitFor();
    user.password = 'difference-engine';

    // Tab and Shift+Tab cycle inside an open dialog; Escape closes it and focus returns to its opener.
    const modal = await settings.openNewToken();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await modal.form().evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await modal.form().waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(en('settings', 'tokens.new'));
  });

  it('switches the interface to Ukrainian, saved on the profile', async () => {
    const shell = new ShellPage(page);
    const modal = await shell.openLanguageModal();
    await modal.options().first().waitFor();
    expect(await modal.options().count()).toBe(10);
    await screenshots(page, 'language-modal', undefined, { fullPage: false });
    await modal.search('укр');
    expect(await modal.options().count()).toBe(1);
    await modal.search('UK');
    await modal.choose('uk');
    await modal.save();

    const dashboard = translation('uk', 'common', 'nav.dashboard');
    await shell.navLink('dashboard', dashboard).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('uk');
    expect(await shell.languageButton().innerText()).toContain('UK');
    await page.getByRole('heading', { level: 1, name: translation('uk', 'settings', 'title') }).waitFor();
    // The profile form follows the language chosen in the modal (saving it must not switch back).
    expect(await page.getByLabel(translation('uk', 'common', 'fields.language'), { exact: true }).inputValue()).toBe('uk');
    const cookies = await browser.context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'cairn_lang')).toMatchObject({ value: 'uk', secure: true, sameSite: 'Strict' });
    await screenshots(page, 'settings-uk');

    const { body } = await server.api('POST', '/auth/login', undefined, { email: user.email, password: user.password });
    const apiToken = (body as { token: string }).token;
    const prefs = await server.api('GET', '/users/me/preferences', apiToken);
    expect(prefs.body).toEqual({ language: 'uk', country: 'GB' });

    await shell.logOut(translation('uk', 'common', 'actions.logout'));
    await page.getByRole('heading', { level: 1, name: translation('uk', 'auth', 'login.title') }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cairn:token'))).toBeNull();
    await screenshots(page, 'login-uk');
    // Back to English for the next tests: the profile language wins at login.
    await server.api('PUT', '/users/me/preferences', apiToken, { language: 'en', country: 'GB' });
  });
});

describe('session endings', () => {
  it('warns before the inactivity timeout, lets the user stay, then logs out', async () => {
    await freshSession();
    await page.evaluate((key) => localStorage.setItem(key, '6000'), INACTIVITY_KEY);
    const shell = await new LoginPage(page).open(server.url).then((login) => login.logIn(user.email, user.password));
    await shell.navLink('dashboard').waitFor();
    const dialog = page.getByRole('alertdialog', { name: en('common', 'inactivity.title') });
    await dialog.waitFor({ timeout: 10_000 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'inactivity-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'inactivity-390.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: en('common', 'inactivity.stay') }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');

    // Any activity counts, not only the button: a mouse move dismisses the warning too.
    await dialog.waitFor({ timeout: 10_000 });
    await page.mouse.move(200, 300);
    await page.mouse.move(260, 340);
    await dialog.waitFor({ state: 'detached' });

    await dialog.waitFor({ timeout: 10_000 });
    await new LoginPage(page).heading().waitFor({ timeout: 10_000 });
    await page.getByText(en('auth', 'notice.inactivity')).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cairn:token'))).toBeNull();
    await screenshots(page, 'login-inactivity');
    await page.evaluate((key) => localStorage.removeItem(key), INACTIVITY_KEY);
  });

  it('logs out when the server answers 401', async () => {
    await freshSession();
    const shell = await new LoginPage(page).open(server.url).then((login) => login.logIn(user.email, user.password));
    await shell.navLink('dashboard').waitFor();
    // End the session behind the UI's back: the next API call answers 401 session_ended.
    const token = await page.evaluate(() => localStorage.getItem('cairn:token'));
    expect((await server.api('POST', '/auth/logout', token!)).status).toBe(204);
    await shell
      .topBar()
      .getByRole('link', { name: en('common', 'nav.settings') })
      .click();
    await new LoginPage(page).heading().waitFor();
    await page.getByText(en('auth', 'notice.session_closed')).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cairn:token'))).toBeNull();
  });

  it('closes an expired stored session on load, and guards signed-in routes', async () => {
    await freshSession();
    const expired = ['{"alg":"HS256"}', JSON.stringify({ sub: 'x', email: 'a@b.c', role: 'user', exp: 1 })]
      .map((part) => Buffer.from(part).toString('base64url'))
      .concat('sig')
      .join('.');
    await page.evaluate((value) => localStorage.setItem('cairn:token', value), expired);
    await page.goto(`${server.url}/settings/tokens`);
    await new LoginPage(page).heading().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByText(en('auth', 'notice.session_closed')).waitFor();
  });
});

describe('admin and the other screens', () => {
  it('shows the admin menu to an admin and renders every routed screen', async () => {
    await freshSession();
    const shell = await new LoginPage(page).open(server.url).then((login) => login.logIn(ADMIN.email, ADMIN.password));
    const toggle = shell.sidebar().getByRole('button', { name: en('common', 'nav.admin') });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await shell
      .sidebar()
      .getByRole('link', { name: en('common', 'admin_nav.users') })
      .click();
    await page.getByRole('heading', { level: 1, name: en('admin', 'users.title') }).waitFor();
    await screenshots(
      page,
      'admin-users',
      async (width) => {
        if (width < 900) await shell.openDrawer();
      },
      { fullPage: false },
    );
    await page.keyboard.press('Escape');

    await shell.navLink('api_docs').click();
    await page.getByRole('heading', { level: 1, name: en('docs', 'title') }).waitFor();
    await page.locator('.operation').first().waitFor();
    await page.locator('.operation summary').first().click();
    await screenshots(page, 'api-docs');

    const screens: Array<[string, string]> = [
      ['/upload', 'upload'],
      ['/pin', 'pin'],
      ['/files', 'files'],
      ['/usage', 'usage'],
      ['/dag/bafkreigh2akiscaildc', 'dag'],
    ];
    for (const [path, key] of screens) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: en('common', `screens.${key}.title`) }).waitFor();
    }
    await page.goto(`${server.url}/upload`);
    await screenshots(page, 'awaiting-upload');
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: en('common', 'not_found.title') }).waitFor();
    await screenshots(page, 'not-found');
  });

  it('keeps ordinary users out of the admin area', async () => {
    await freshSession();
    await new LoginPage(page).open(server.url).then((login) => login.logIn(user.email, user.password));
    await page.goto(`${server.url}/admin/users`);
    await page.getByText(en('common', 'errors.admin_required')).waitFor();
  });
});
