import type { Page } from 'playwright-core';
import { n } from './names-page';

/** Custom domains, the card under the names on /names: its rows, their menus and the dialogs. */
export class DomainsSection {
  constructor(readonly page: Page) {}

  section() {
    return this.page.locator('[data-panel=domains]');
  }

  rows() {
    return this.section().locator('table.domains-table tbody tr');
  }

  row(hostname: string) {
    return this.section().locator(`tr[data-hostname="${hostname}"]`);
  }

  addDialog() {
    return this.page.getByRole('dialog', { name: n('domains.add_title') });
  }

  recordDialog(hostname: string) {
    return this.page.getByRole('dialog', { name: n('domains.record_title', { hostname }) });
  }

  /** Opens a row's menu and picks an action in it, by its key under `domains`. */
  async choose(hostname: string, action: 'open' | 'verify' | 'show_record' | 'copy_value' | 'delete'): Promise<void> {
    await this.row(hostname)
      .getByRole('button', { name: n('domains.menu_named', { hostname }) })
      .click();
    await this.page
      .getByRole('menu', { name: n('domains.menu_named', { hostname }) })
      .getByRole('menuitem', { name: n(`domains.${action}`), exact: true })
      .click();
  }
}
