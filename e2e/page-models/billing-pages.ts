import type { Page } from 'playwright-core';
import { en } from '../harness/locales';

export const b = (key: string) => en('billing', key);
/** A `billing` string with its {{placeholders}} filled, as the UI renders it. */
export const bf = (key: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), b(key));

/** /plans: the plan cards and the checkout dialog they open. */
export class PlansScreen {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<this> {
    await this.page.goto(`${this.baseUrl}/plans`);
    await this.page.getByRole('heading', { level: 1, name: b('plans.title') }).waitFor();
    await this.card('free').waitFor();
    return this;
  }

  card(code: string) {
    return this.page.locator(`article[data-plan="${code}"]`);
  }

  currentPlan() {
    return this.page.locator('[data-field="current-plan"]');
  }

  async select(code: string, name: string): Promise<CheckoutDialog> {
    await this.card(code)
      .getByRole('button', { name: bf('plans.select_named', { name }) })
      .click();
    const dialog = new CheckoutDialog(this.page, name);
    await dialog.root().waitFor();
    return dialog;
  }
}

export class CheckoutDialog {
  constructor(
    readonly page: Page,
    readonly planName: string,
  ) {}

  root() {
    return this.page.getByRole('dialog', { name: bf('checkout.title', { name: this.planName }) });
  }

  terms() {
    return this.root().getByRole('checkbox', { name: b('checkout.accept_terms') });
  }

  cryptoOption() {
    return this.root().getByRole('radio', { name: new RegExp(b('checkout.method_crypto')) });
  }

  async readAndAcceptTerms(): Promise<void> {
    await this.root()
      .getByRole('button', { name: b('checkout.read_terms') })
      .click();
    const terms = this.page.getByRole('dialog', { name: b('terms.title') });
    await terms.getByRole('button', { name: b('terms.accept') }).click();
    await this.root().waitFor();
  }

  async confirm(label: string): Promise<void> {
    await this.root().getByRole('button', { name: label }).click();
  }
}
