import type { Page } from 'playwright-core';
import { en } from '../harness/locales';

export const a = (key: string) => en('admin', key);
/** An `admin` string with its {{placeholders}} filled, as the UI renders it. */
export const af = (key: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), a(key));

/** The admin console: one section at a time, its list, and the dialogs its actions open. */
export class AdminConsole {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  /** Opens /admin/<section> (the overview for '') and waits for its title. */
  async open(
    section: '' | 'stats' | 'users' | 'files' | 'logs' | 'plans' | 'tokens' | 'referrals' | 'rewards' | 'content-jobs',
  ): Promise<void> {
    await this.page.goto(`${this.baseUrl}/admin${section ? `/${section}` : ''}`);
    await this.heading(section ? `${section.replace('-', '_')}.title` : 'overview.title').waitFor();
  }

  heading(key: string) {
    return this.page.getByRole('heading', { level: 1, name: a(key) });
  }

  rows() {
    return this.page.locator('.admin-list tbody tr');
  }

  row(text: string) {
    return this.rows().filter({ hasText: text });
  }

  async search(labelKey: string, text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: a(labelKey) }).fill(text);
    await this.page.keyboard.press('Enter');
    await this.page.waitForURL((url) => url.searchParams.get('search') === text);
  }

  confirmDialog(titleKey: string) {
    return this.page.getByRole('alertdialog', { name: a(titleKey) });
  }

  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }

  /** A toast or inline message with exactly this text. */
  message(text: string) {
    return this.page.getByText(text, { exact: true });
  }
}
