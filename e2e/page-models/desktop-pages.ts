import type { Page } from 'playwright-core';
import { translation } from '../harness/locales';

/** The desktop shell's Transfers and Watched folders screens, in any language. */
export class DesktopScreens {
  constructor(
    readonly page: Page,
    readonly language = 'en',
  ) {}

  t(key: string, values: Record<string, string> = {}): string {
    return Object.entries(values).reduce(
      (text, [name, value]) => text.replace(`{{${name}}}`, value),
      translation(this.language, 'desktop', key),
    );
  }

  navLink(key: 'transfers' | 'watched_folders') {
    return this.page.locator('#sidebar').getByRole('link', { name: this.t(`nav.${key}`), exact: true });
  }

  heading(key: 'transfers.title' | 'watched.title') {
    return this.page.getByRole('heading', { level: 1, name: this.t(key) });
  }

  async openTransfers(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/transfers`);
    await this.heading('transfers.title').waitFor();
  }

  async openWatchedFolders(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/watched-folders`);
    await this.heading('watched.title').waitFor();
  }

  transferRows() {
    return this.page.locator('[data-transfer]');
  }

  button(key: string, values?: Record<string, string>) {
    return this.page.getByRole('button', { name: this.t(key, values), exact: true });
  }
}
