import type { Page } from 'playwright-core';
import { en } from '../harness/locales';
import { ShellPage } from './shell-page';

export class LoginPage {
  constructor(readonly page: Page) {}

  async open(baseUrl: string): Promise<this> {
    await this.page.goto(`${baseUrl}/login`);
    await this.heading().waitFor();
    return this;
  }

  heading() {
    return this.page.getByRole('heading', { level: 1, name: en('auth', 'login.title') });
  }

  notice() {
    return this.page.getByRole('status').filter({ hasText: /./ }).first();
  }

  formError() {
    return this.page.locator('.auth-card').getByRole('alert');
  }

  async logIn(email: string, password: string): Promise<ShellPage> {
    await this.page.getByLabel(en('common', 'fields.email')).fill(email);
    await this.page.getByLabel(en('common', 'fields.password'), { exact: true }).fill(password);
    await this.page.getByRole('button', { name: en('auth', 'login.submit') }).click();
    const shell = new ShellPage(this.page);
    await shell.sidebar().waitFor();
    return shell;
  }
}
