import type { Page } from 'playwright-core';
import { en } from '../harness/locales';
import { ShellPage } from './shell-page';

export interface SignupDetails {
  name: string;
  lastname: string;
  email: string;
  password: string;
  country: string;
  birthDate: string;
}

export class SignupPage {
  constructor(readonly page: Page) {}

  async open(baseUrl: string, query = ''): Promise<this> {
    await this.page.goto(`${baseUrl}/signup${query}`);
    await this.page.getByRole('heading', { level: 1, name: en('auth', 'signup.title') }).waitFor();
    return this;
  }

  field(key: string) {
    return this.page.getByLabel(en('common', `fields.${key}`), { exact: true });
  }

  async fill(details: SignupDetails): Promise<void> {
    await this.field('name').fill(details.name);
    await this.field('lastname').fill(details.lastname);
    await this.field('email').fill(details.email);
    await this.field('password').fill(details.password);
    const country = this.field('country');
    await country.locator(`option[value="${details.country}"]`).waitFor({ state: 'attached' });
    await country.selectOption(details.country);
    await this.field('birth_date').fill(details.birthDate);
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: en('auth', 'signup.submit') }).click();
  }

  /** Signs up and lands in the app, signed in: no second password entry. */
  async signUp(details: SignupDetails): Promise<ShellPage> {
    await this.fill(details);
    await this.submit();
    const shell = new ShellPage(this.page);
    await shell.sidebar().waitFor();
    return shell;
  }

  /** The error shown under one field. */
  fieldError(key: string) {
    return this.page
      .locator('.field')
      .filter({ has: this.field(key) })
      .locator('.field-error');
  }
}
