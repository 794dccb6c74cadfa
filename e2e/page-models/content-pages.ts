import type { Page } from 'playwright-core';
import { en } from '../harness/locales';

const c = (key: string) => en('content', key);
/** An en string with its {{placeholders}} filled in. */
export const cf = (key: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), c(key));

export type UploadModeKey = 'file' | 'dag' | 'files' | 'car';

/** The actions of a row's menu in My files, by their key under `actions`. */
export type FileAction = 'view' | 'copy_link' | 'copy_cid' | 'download' | 'view_dag' | 'rename' | 'info' | 'delete';

export class UploadScreen {
  constructor(readonly page: Page) {}

  async open(baseUrl: string): Promise<this> {
    await this.page.goto(`${baseUrl}/upload`);
    await this.heading().waitFor();
    return this;
  }

  heading() {
    return this.page.getByRole('heading', { level: 1, name: en('common', 'screens.upload.title') });
  }

  async chooseMode(mode: UploadModeKey): Promise<void> {
    await this.page.getByRole('radio', { name: new RegExp(`^${c(`upload.modes.${mode}.title`)}`) }).check();
  }

  /** The hidden file chooser (several files, or one in single-file mode). */
  filePicker() {
    return this.page.locator('input[type=file][data-picker=files]');
  }

  /** The hidden folder chooser (webkitdirectory). */
  folderPicker() {
    return this.page.locator('input[type=file][data-picker=folder]');
  }

  dropZone() {
    return this.page.locator('[data-drop-zone]');
  }

  preview() {
    return this.page.locator('[data-preview]');
  }

  submitButton() {
    return this.page.locator('.upload-actions').getByRole('button');
  }

  async submit(): Promise<void> {
    await this.submitButton().click();
  }

  success() {
    return this.page.locator('[data-upload-success]');
  }

  /** Waits for the success panel and returns the CID it shows. */
  async uploadedCid(): Promise<string> {
    await this.success().waitFor({ timeout: 30_000 });
    return (await this.success().locator('[data-cid]').innerText()).trim();
  }

  problem() {
    return this.page.locator('[data-upload-problem]');
  }
}

export class FilesScreen {
  constructor(readonly page: Page) {}

  async open(baseUrl: string): Promise<this> {
    await this.page.goto(`${baseUrl}/files`);
    await this.heading().waitFor();
    return this;
  }

  heading() {
    return this.page.getByRole('heading', { level: 1, name: en('common', 'screens.files.title') });
  }

  rows() {
    return this.page.locator('table.files-table tbody tr');
  }

  row(name: string) {
    return this.rows().filter({ has: this.page.locator('.file-name-text', { hasText: new RegExp(`^${escape(name)}$`) }) });
  }

  /** The copy button beside a row's CID (on a wide screen). */
  copyCidButton(name: string) {
    return this.row(name).getByRole('button', { name: cf('actions.copy_cid_of', { name }) });
  }

  /** The "⋯" button that opens a row's menu of actions. */
  menuButton(name: string) {
    return this.row(name).getByRole('button', { name: cf('actions.menu_named', { name }) });
  }

  /** A row's menu of actions, once open. */
  menu(name: string) {
    return this.page.getByRole('menu', { name: cf('actions.menu_named', { name }) });
  }

  /** Opens a row's menu and picks an action in it. */
  async choose(name: string, action: FileAction): Promise<void> {
    await this.menuButton(name).click();
    await this.menu(name)
      .getByRole('menuitem', { name: c(`actions.${action}`), exact: true })
      .click();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: c('files.search') }).fill(text);
  }

  async pageSize(size: number): Promise<void> {
    await this.page.getByLabel(c('files.page_size')).selectOption(String(size));
  }

  pagination() {
    return this.page.getByRole('navigation', { name: c('files.pages') });
  }

  renameDialog() {
    return this.page.getByRole('dialog', { name: c('rename.title') });
  }

  /** The details of a record, titled for what it is. */
  infoDialog(type: 'file' | 'directory' | 'dag' = 'file') {
    return this.page.getByRole('dialog', { name: c(`info.title_${type}`) });
  }

  /** The confirmation before a delete, titled after what is deleted. */
  deleteDialog(type: 'file' | 'directory' | 'dag' = 'file') {
    return this.page.getByRole('alertdialog', { name: c(`files.delete_title_${type}`) });
  }

  async rename(from: string, to: string): Promise<void> {
    await this.choose(from, 'rename');
    await this.renameDialog().getByLabel(c('rename.name')).fill(to);
    await this.renameDialog()
      .getByRole('button', { name: c('rename.submit') })
      .click();
  }

  async remove(name: string): Promise<void> {
    await this.choose(name, 'delete');
    await this.deleteDialog()
      .getByRole('button', { name: c('files.delete') })
      .click();
    await this.deleteDialog().waitFor({ state: 'detached' });
  }
}

export class PinScreen {
  constructor(readonly page: Page) {}

  async open(baseUrl: string): Promise<this> {
    await this.page.goto(`${baseUrl}/pin`);
    await this.page.getByRole('heading', { level: 1, name: en('common', 'screens.pin.title') }).waitFor();
    return this;
  }

  async pin(cid: string, names: { original?: string; custom?: string } = {}): Promise<void> {
    await this.page.getByLabel(c('pin.cid'), { exact: true }).fill(cid);
    await this.page.getByLabel(c('pin.original_name')).fill(names.original ?? '');
    await this.page.getByLabel(c('pin.custom_name')).fill(names.custom ?? '');
    await this.page.getByRole('button', { name: c('pin.submit'), exact: true }).click();
  }

  result() {
    return this.page.locator('[data-pin-result]');
  }

  error() {
    return this.page.locator('[data-pin-error]');
  }

  status() {
    return this.page.locator('[data-pin-status]');
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
