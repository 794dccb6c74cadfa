import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { en } from './harness/locales';
import { checkScreen } from './harness/screens';
import { ADMIN, startE2eServer, type E2eServer } from './harness/server';
import { b, bf, PlansScreen } from './page-models/billing-pages';
import { LoginPage } from './page-models/login-page';
import { SignupPage } from './page-models/signup-page';

const GIB = 1024 ** 3;
const alice = {
  name: 'Alice',
  lastname: 'Liddell',
  email: 'alice@example.com',
  password: 'alice-password-1',
  country: 'GB',
  birthDate: '04/05/1992',
};
const bob = {
  name: 'Bob',
  lastname: 'Marley',
  email: 'bob@example.com',
  password: 'bob-password-1',
  country: 'JM',
  birthDate: '06/02/1985',
};

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;

async function usage(email: string, password: string) {
  const login = await server.api('POST', '/auth/login', undefined, { email, password });
  const token = (login.body as { token: string }).token;
  return (await server.api('GET', '/users/me/usage', token)).body as { limit: number; planLimit: number; bonus: number; planCode: string };
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.page;
});
afterEach(screenshotOnFailure(() => page, 'billing-'));
afterAll(async () => {
  await browser?.close();
});

describe('plans, payment and referrals', () => {
  beforeAll(async () => {
    server = await startE2eServer({ stripe: true });
    // Time in the page flows as usual; the return screens' countdown can be skipped.
    await page.clock.install();
    expect((await server.api('POST', '/auth/signup', undefined, { ...alice, language: 'en' })).status).toBe(201);
    await new LoginPage(page).open(server.url).then((login) => login.logIn(alice.email, alice.password));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows the plans, and a paid plan asks for the terms and offers card, with crypto not available yet', async () => {
    const plans = await new PlansScreen(page, server.url).open();
    expect(await plans.currentPlan().textContent()).toBe('Free');
    expect(await plans.card('pro').textContent()).toContain('€9.99');
    expect(await plans.card('business').textContent()).toContain('1\u00a0TiB');
    await checkScreen(page, 'plans');

    const checkout = await plans.select('pro', 'Pro');
    expect(await checkout.cryptoOption().isDisabled()).toBe(true);
    await checkout.root().getByText(b('checkout.crypto_unavailable')).waitFor();
    await checkout.confirm(b('checkout.confirm_paid'));
    await checkout.root().getByText(b('checkout.terms_required')).waitFor();
    expect(new URL(page.url()).pathname).toBe('/plans');
    await checkScreen(page, 'plans-checkout', { fullPage: false, axe: { include: '.modal' } });

    await checkout
      .root()
      .getByRole('button', { name: b('checkout.read_terms') })
      .click();
    const terms = page.getByRole('dialog', { name: b('terms.title') });
    await terms.getByText(b('terms.payment_text')).waitFor();
    await checkScreen(page, 'plans-terms', { fullPage: false, axe: { include: '.modal' } });
    await terms.getByRole('button', { name: b('terms.accept') }).click();
    expect(await checkout.terms().isChecked()).toBe(true);
    await checkout
      .root()
      .getByRole('button', { name: en('common', 'actions.cancel') })
      .click();
    await checkout.root().waitFor({ state: 'detached' });
  });

  it('buys Pro by card on the payment page; the webhook lands and the plan and limit change', async () => {
    const plans = await new PlansScreen(page, server.url).open();
    const checkout = await plans.select('pro', 'Pro');
    await checkout.terms().check();
    await checkout.confirm(b('checkout.confirm_paid'));
    // The hosted checkout page of the Stripe stand-in.
    await page.waitForURL((url) => url.origin === new URL(server.stripe!.url).origin);
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL((url) => url.pathname === '/payment/success');
    await page.getByRole('heading', { level: 2, name: b('payment.success_title') }).waitFor();
    expect(await page.locator('[data-field="applied-plan"]').textContent()).toBe(bf('payment.applied', { name: 'Pro' }));
    expect(await page.locator('[data-field="new-limit"]').textContent()).toBe(bf('payment.new_limit', { size: '100\u00a0GiB' }));
    await checkScreen(page, 'payment-success');

    const after = await usage(alice.email, alice.password);
    expect(after).toMatchObject({ planCode: 'pro', planLimit: 100 * GIB });
    // The webhook was received and applied once: reloading does not apply it again.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: b('payment.success_title') }).waitFor();

    // The way back stays, and the screen takes it by itself after a few seconds.
    expect(await page.getByRole('link', { name: b('payment.back_to_plans') }).getAttribute('href')).toBe('/plans');
    const countdown = bf('payment.returning', { seconds: '(\\d+)' });
    expect(await page.locator('[data-field="returning"]').textContent()).toMatch(new RegExp(`^${countdown}$`));
    await page.clock.fastForward(10_000);
    await page.waitForURL((url) => url.pathname === '/plans');
    await plans.card('free').waitFor();
    expect(await plans.currentPlan().textContent()).toBe('Pro');
    expect(
      await plans
        .card('pro')
        .getByRole('button', { name: b('plans.current_badge') })
        .isDisabled(),
    ).toBe(true);
    expect(await page.locator('[data-field="total-limit"]').textContent()).toContain('100\u00a0GiB');

    await page.goto(`${server.url}/usage`);
    await page.getByText(en('content', 'usage.plan').replace('{{plan}}', 'Pro')).waitFor();
  });

  it('cancels on the payment page and says so, leaving the plan as it was', async () => {
    const plans = await new PlansScreen(page, server.url).open();
    const checkout = await plans.select('business', 'Business');
    await checkout.terms().check();
    await checkout.confirm(b('checkout.confirm_paid'));
    await page.waitForURL((url) => url.origin === new URL(server.stripe!.url).origin);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.waitForURL((url) => url.pathname === '/payment/cancel');
    await page.getByRole('heading', { level: 2, name: b('payment.outcome_cancel') }).waitFor();
    await page.getByText(b('payment.cancelled_hint')).waitFor();
    await checkScreen(page, 'payment-cancel');
    expect((await usage(alice.email, alice.password)).planCode).toBe('pro');
    expect(await page.getByRole('link', { name: b('payment.back_to_plans') }).isVisible()).toBe(true);
    await page.clock.fastForward(10_000);
    await page.waitForURL((url) => url.pathname === '/plans');
    await plans.card('business').waitFor();
  });

  it('refuses a missing or unknown transaction id', async () => {
    await page.goto(`${server.url}/payment/success`);
    await page.getByRole('heading', { level: 2, name: b('errors.invalid_transaction') }).waitFor();
    await page.goto(`${server.url}/payment/success?transactionId=00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { level: 2, name: b('errors.invalid_transaction') }).waitFor();
    await checkScreen(page, 'payment-invalid');
  });

  it('goes back to the free plan at once after confirming', async () => {
    const plans = await new PlansScreen(page, server.url).open();
    const checkout = await plans.select('free', 'Free');
    await checkout
      .root()
      .getByText(bf('checkout.downgrade_message', { size: '1\u00a0GiB' }))
      .waitFor();
    expect(await checkout.cryptoOption().count()).toBe(0);
    await checkScreen(page, 'plans-downgrade', { fullPage: false, axe: { include: '.modal' } });
    await checkout.terms().check();
    await checkout.confirm(bf('checkout.confirm_free', { name: 'Free' }));
    await page.getByText(bf('plans.changed', { name: 'Free' })).waitFor();
    await expect.poll(() => plans.currentPlan().textContent()).toBe('Free');
    expect((await usage(alice.email, alice.password)).planCode).toBe('free');
  });

  it('gives the referrer a bonus when someone signs up with the link, shown on Referrals and in the limit', async () => {
    await page.goto(`${server.url}/referrals`);
    await page.getByRole('heading', { level: 1, name: b('referrals.title') }).waitFor();
    await page.getByText(b('referrals.empty_title')).waitFor();
    await checkScreen(page, 'referrals-empty');
    const link = await page.getByLabel(b('referrals.link'), { exact: true }).inputValue();
    const code = await page.getByLabel(b('referrals.code'), { exact: true }).inputValue();
    expect(new URL(link).searchParams.get('ref')).toBe(code);
    const before = await usage(alice.email, alice.password);

    // Bob opens Alice's link in his own browser and signs up: the code is filled in.
    const bobBrowser = await launchBrowser();
    try {
      const signup = new SignupPage(bobBrowser.page);
      await bobBrowser.page.goto(link.replace(new URL(link).origin, server.url));
      await bobBrowser.page.getByRole('heading', { level: 1, name: en('auth', 'signup.title') }).waitFor();
      expect(await signup.field('referral_code').inputValue()).toBe(code);
      await signup.signUp(bob);
    } finally {
      await bobBrowser.close();
    }

    await page.reload();
    const row = page.locator('tbody tr').filter({ hasText: 'b***@example.com' });
    await row.waitFor();
    expect(await page.locator('[data-stat="total"] .stat-value').textContent()).toBe('1');
    expect(await page.locator('[data-stat="bonus"] .stat-value').textContent()).toBe('10\u00a0MiB');
    await checkScreen(page, 'referrals');

    const after = await usage(alice.email, alice.password);
    // 10 MiB of 1024 × 1024 bytes, as every size in Cairn.
    expect(after.bonus - before.bonus).toBe(10_485_760);
    expect(after.limit - before.limit).toBe(10_485_760);
    const plans = await new PlansScreen(page, server.url).open();
    await expect.poll(() => page.locator('[data-field="total-limit"]').textContent()).toContain('1.01\u00a0GiB');
    expect(await plans.currentPlan().textContent()).toBe('Free');
    // And on the Usage screen: the same 10 MiB bonus raises the limit.
    await page.goto(`${server.url}/usage`);
    const facts = page.locator('.usage-facts');
    await facts.waitFor();
    expect(await facts.textContent()).toContain(`${en('content', 'usage.bonus')}10\u00a0MiB`);
  });
});

describe('plans on a server without card payments', () => {
  let plain: E2eServer;
  beforeAll(async () => {
    plain = await startE2eServer();
    expect((await plain.api('POST', '/auth/signup', undefined, { ...alice, language: 'en' })).status).toBe(201);
    await page.goto(`${plain.url}/login`);
    await page.evaluate(() => localStorage.clear());
    await new LoginPage(page).open(plain.url).then((login) => login.logIn(alice.email, alice.password));
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('still lists the plans, cheapest first, and says on each paid card that it cannot be bought', async () => {
    // A cheap plan with more storage than Pro: the catalogue lists it after Pro (by storage), the page before.
    const admin = (await plain.api('POST', '/auth/login', undefined, ADMIN)).body as { token: string };
    const archive = { code: 'archive', name: 'Archive', storageLimitBytes: 500 * GIB, priceMonthlyEur: 1.99 };
    expect((await plain.api('POST', '/admin/plans', admin.token, archive)).status).toBe(201);

    const plans = await new PlansScreen(page, plain.url).open();
    await page.locator('[data-alert="payments-not-configured"]').getByText(b('errors.payments_not_configured')).waitFor();
    await plans.card('archive').waitFor();
    const order = await page.locator('article[data-plan]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-plan')));
    expect(order).toEqual(['free', 'archive', 'pro', 'business']);

    // The free plan shows a price, not the word "Free" under a plan named Free.
    expect(await plans.card('free').locator('.plan-price').textContent()).toBe(`€0.00${b('plans.month_suffix')}`);
    for (const code of ['archive', 'pro', 'business']) {
      const card = plans.card(code);
      await card.getByText(b('plans.unavailable_hint')).waitFor();
      const button = card.getByRole('button', { name: b('plans.unavailable') });
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute('aria-describedby')).toBe(`plan-${code}-unavailable`);
    }
    // No dialog whose only way forward is a disabled button: nothing to open.
    expect(await page.getByRole('button', { name: bf('plans.select_named', { name: 'Pro' }) }).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await checkScreen(page, 'plans-payments-off');
    // The API refuses the same way for a script that tries anyway.
    const login = await plain.api('POST', '/auth/login', undefined, { email: alice.email, password: alice.password });
    const token = (login.body as { token: string }).token;
    const refused = await plain.api('POST', '/plans/pro/checkout', token, { method: 'card', acceptTerms: true });
    expect(refused).toMatchObject({ status: 503, body: { code: 'payments_not_configured' } });
  });
});
