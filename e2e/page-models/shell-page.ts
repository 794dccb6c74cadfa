import type { Page } from 'playwright-core';
import { en } from '../harness/locales';
import { LanguageModal } from './language-modal';
import { SettingsPage } from './settings-page';

/** The signed-in frame: sidebar and top bar. Methods take the language so they work after a switch. */
export class ShellPage {
  constructor(readonly page: Page) {}

  sidebar() {
    return this.page.locator('#sidebar');
  }

  navLink(key: string, name = en('common', `nav.${key}`)) {
    return this.sidebar().getByRole('link', { name, exact: true });
  }

  topBar() {
    return this.page.locator('header.topbar');
  }

  languageButton() {
    return this.topBar().locator('.topbar-actions .lang-btn');
  }

  async openLanguageModal(): Promise<LanguageModal> {
    await this.languageButton().click();
    const modal = new LanguageModal(this.page);
    await modal.dialog().waitFor();
    return modal;
  }

  async openSettings(): Promise<SettingsPage> {
    await this.topBar()
      .getByRole('link', { name: en('common', 'nav.settings') })
      .click();
    const settings = new SettingsPage(this.page);
    await settings.heading().waitFor();
    return settings;
  }

  async openNotifications(): Promise<void> {
    await this.topBar()
      .getByRole('button', { name: en('common', 'notifications.title') })
      .click();
  }

  async logOut(label = en('common', 'actions.logout')): Promise<void> {
    await this.topBar().getByRole('button', { name: label }).click();
  }

  async openDrawer(): Promise<void> {
    await this.topBar()
      .getByRole('button', { name: en('common', 'shell.open_menu') })
      .click();
  }

  async openAccountMenu(): Promise<void> {
    await this.topBar()
      .getByRole('button', { name: en('common', 'shell.account_menu') })
      .click();
  }
}
