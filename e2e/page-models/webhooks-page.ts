import type { Page } from 'playwright-core';
import { en } from '../harness/locales';

const s = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{{${name}}}`, String(value)), en('settings', key));

/** Settings > Webhooks (/settings/webhooks): the endpoints, their dialogs and the delivery log. */
export class WebhooksPage {
  constructor(readonly page: Page) {}

  async open(url: string): Promise<void> {
    await this.page.goto(`${url}/settings/webhooks`);
    await this.page.getByRole('heading', { level: 1, name: s('webhooks.page_title') }).waitFor();
  }

  section() {
    return this.page.locator('section[data-panel="webhooks"]');
  }

  row(url: string) {
    return this.section().locator('tbody tr').filter({ hasText: url });
  }

  banner(id: string) {
    return this.section().locator(`[data-banner="${id}"]`);
  }

  form() {
    return this.page.getByRole('dialog', { name: s('webhooks.new_title') });
  }

  async openNew(): Promise<void> {
    await this.section()
      .getByRole('button', { name: s('webhooks.new') })
      .click();
    await this.form().waitFor();
  }

  urlField() {
    return this.form().getByLabel(s('webhooks.url'), { exact: true });
  }

  /** Ticks a group's "all" box (`files`, `pins`, …) or, with `event`, one event type by its code. */
  async tick(group: string, event?: string): Promise<void> {
    const name = event ? undefined : s('webhooks.group_all', { group: s(`webhooks.group_${group}`) });
    const box = event ? this.form().locator(`input[name=events][value="${event}"]`) : this.form().getByRole('checkbox', { name });
    await box.check();
  }

  async submit(): Promise<void> {
    await this.form()
      .getByRole('button', { name: s('webhooks.create') })
      .click();
  }

  secretDialog() {
    return this.page.getByRole('dialog', { name: s('webhooks.secret_title') });
  }

  async secret(): Promise<string> {
    await this.secretDialog().waitFor();
    return this.secretDialog().locator('#webhook-secret').inputValue();
  }

  async done(): Promise<void> {
    await this.secretDialog()
      .getByRole('button', { name: s('webhooks.secret_done') })
      .click();
    await this.secretDialog().waitFor({ state: 'detached' });
  }

  menu(url: string) {
    return this.page.getByRole('menu', { name: s('webhooks.menu_named', { url }) });
  }

  /** Opens an endpoint's "⋯" menu and picks the action labelled by `key` (`webhooks.send_test`, …). */
  async choose(url: string, key: string): Promise<void> {
    await this.row(url)
      .getByRole('button', { name: s('webhooks.menu_named', { url }) })
      .click();
    await this.menu(url)
      .getByRole('menuitem', { name: s(key), exact: true })
      .click();
  }

  deliveries() {
    return this.page.getByRole('dialog', { name: s('webhooks.deliveries_title') });
  }

  deliveryRows() {
    return this.deliveries().locator('tbody tr');
  }
}

export { s as webhookText };
