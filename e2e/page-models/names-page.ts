import type { Page } from 'playwright-core';
import { en } from '../harness/locales';

/** An en string of the names area with its {{placeholders}} filled in. */
export const n = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), en('names', key));

/** Names (/names): the account's IPNS names, their row menus and dialogs. */
export class NamesScreen {
  constructor(readonly page: Page) {}

  async open(baseUrl: string): Promise<this> {
    await this.page.goto(`${baseUrl}/names`);
    await this.page.getByRole('heading', { level: 1, name: en('common', 'screens.names.title') }).waitFor();
    return this;
  }

  rows() {
    return this.page.locator('table.names-table tbody tr');
  }

  row(label: string) {
    return this.rows().filter({ has: this.page.getByRole('cell', { name: label, exact: true }) });
  }

  async create(label: string): Promise<string> {
    await this.page.getByLabel(n('new_label')).fill(label);
    await this.page.getByRole('button', { name: n('create') }).click();
    await this.row(label).waitFor();
    return (await this.row(label).getAttribute('data-ipns-name'))!;
  }

  /** Opens a row's menu and picks an action in it, by its key in the names area. */
  async choose(label: string, action: 'publish' | 'history' | 'rename' | 'export_key' | 'delete'): Promise<void> {
    await this.row(label)
      .getByRole('button', { name: n('menu_named', { label }) })
      .click();
    await this.page
      .getByRole('menu', { name: n('menu_named', { label }) })
      .getByRole('menuitem', { name: n(action), exact: true })
      .click();
  }

  historyDialog(label: string) {
    return this.page.getByRole('dialog', { name: n('history_title', { label }) });
  }

  /** The dialog that publishes a record of My files or the DAG viewer to a name. */
  publishToNameDialog(item: string) {
    return this.page.getByRole('dialog', { name: n('choose_title', { item }) });
  }
}
