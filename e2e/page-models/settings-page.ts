import type { Page } from 'playwright-core';
import { en } from '../harness/locales';

const s = (key: string) => en('settings', key);

export class SettingsPage {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { level: 1, name: s('title') });
  }

  tokensSection() {
    return this.page.locator('section[data-panel="tokens"]');
  }

  tokenRow(name: string) {
    return this.tokensSection().locator('tbody tr').filter({ hasText: name });
  }

  async openNewToken(): Promise<TokenModal> {
    await this.tokensSection()
      .getByRole('button', { name: s('tokens.new') })
      .click();
    const modal = new TokenModal(this.page);
    await modal.form().waitFor();
    return modal;
  }

  async revoke(name: string): Promise<void> {
    await this.tokenRow(name)
      .getByRole('button', { name: en('settings', 'tokens.revoke_named').replace('{{name}}', name) })
      .click();
    const confirm = this.page.getByRole('alertdialog', { name: s('tokens.revoke_title') });
    await confirm.getByRole('button', { name: s('tokens.revoke') }).click();
    await confirm.waitFor({ state: 'detached' });
  }
}

export class TokenModal {
  constructor(readonly page: Page) {}

  form() {
    return this.page.getByRole('dialog', { name: s('tokens.new_title') });
  }

  async fill(name: string, expiry: string, allowedIp = ''): Promise<void> {
    await this.form().getByLabel(s('tokens.name')).fill(name);
    await this.form().getByLabel(s('tokens.expiry')).selectOption(expiry);
    await this.form().locator('input[name=allowedIp]').fill(allowedIp);
  }

  /** Picks "Only what I choose" and ticks the scopes named by their labels' keys (`tokens.scope_files_read`). */
  async limitTo(...labelKeys: string[]): Promise<void> {
    await this.form()
      .getByRole('radio', { name: s('tokens.access_limited'), exact: true })
      .check();
    for (const key of labelKeys) {
      await this.form()
        .getByRole('checkbox', { name: s(key) })
        .check();
    }
  }

  async submit(): Promise<void> {
    await this.form()
      .getByRole('button', { name: s('tokens.generate') })
      .click();
  }

  secretDialog() {
    return this.page.getByRole('dialog', { name: s('tokens.secret_title') });
  }

  async secret(): Promise<string> {
    await this.secretDialog().waitFor();
    return this.secretDialog().locator('#token-secret').inputValue();
  }

  async done(): Promise<void> {
    await this.secretDialog()
      .getByRole('button', { name: s('tokens.secret_done') })
      .click();
    await this.secretDialog().waitFor({ state: 'detached' });
  }
}
