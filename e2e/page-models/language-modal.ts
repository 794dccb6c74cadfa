import type { Page } from 'playwright-core';
import { en } from '../harness/locales';

export class LanguageModal {
  constructor(readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: en('common', 'language.title') });
  }

  async search(text: string): Promise<void> {
    await this.dialog().getByRole('searchbox').fill(text);
  }

  options() {
    return this.dialog().getByRole('radio');
  }

  async choose(code: string): Promise<void> {
    await this.dialog().locator(`input[type=radio][value="${code}"]`).check();
  }

  async save(): Promise<void> {
    await this.dialog()
      .getByRole('button', { name: en('common', 'actions.save') })
      .click();
    await this.dialog().waitFor({ state: 'detached' });
  }
}
