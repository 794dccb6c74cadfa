import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, describe, expect, it } from 'vitest';
import { en } from './harness/locales';
import { checkScreen } from './harness/screens';
import { signedInSession } from './harness/session';
import { FilesScreen, UploadScreen } from './page-models/content-pages';
import { n, NamesScreen } from './page-models/names-page';

/**
 * IPNS names as a user works them: a site uploaded as a folder, published to a name from My files
 * and opened at /ipns/<name>/, a second version published over it and seen at once, and the
 * first brought back from the name's history; then the key exported and the name deleted.
 */

const USER = { email: 'ada.names@example.com', password: 'ada-password-1' };
const session = signedInSession(USER, 'names-');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-names-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));
const LABEL = 'My website';

/** A folder `<name>` holding an index.html whose heading is `heading`. */
function site(name: string, heading: string): string {
  const dir = path.join(workDir, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${heading}</title><h1>${heading}</h1>`);
  fs.writeFileSync(path.join(dir, 'style.css'), 'h1 { color: teal }');
  return dir;
}

/** Uploads a folder through the upload screen, as one DAG, and returns its CID. */
async function uploadFolder(dir: string): Promise<string> {
  const upload = await new UploadScreen(session.page).open(session.server.url);
  await upload.chooseMode('dag');
  await upload.folderPicker().setInputFiles(dir);
  await upload.submit();
  return upload.uploadedCid();
}

/** Publishes a record of My files to the name labelled LABEL, from the row's menu. */
async function publishFromFiles(record: string, cid: string): Promise<void> {
  const { page, server } = session;
  const files = await new FilesScreen(page).open(server.url);
  await files.menuButton(record).click();
  await files
    .menu(record)
    .getByRole('menuitem', { name: n('publish_to_name'), exact: true })
    .click();
  const dialog = new NamesScreen(page).publishToNameDialog(record);
  await expect(dialog.locator('[data-value]').innerText()).resolves.toBe(cid);
  await expect(dialog.getByLabel(n('choose_name')).locator('option:checked').innerText()).resolves.toBe(LABEL);
  await dialog.getByRole('button', { name: n('publish'), exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The heading of the page the gateway serves at /ipns/<name>/, read in the browser. Its own HTTP
 * cache is off (the gateway lets it keep a page for the record's TTL): what it shows is what the
 * server answers now.
 */
async function siteHeading(name: string): Promise<string> {
  const { page, server } = session;
  const devtools = await page.context().newCDPSession(page);
  try {
    await devtools.send('Network.enable');
    await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
    const response = await page.goto(`${server.url}/ipns/${name}/`);
    expect(response?.status()).toBe(200);
    return await page.locator('h1').innerText();
  } finally {
    await devtools.detach();
  }
}

describe('IPNS names', () => {
  let name = '';
  let first = '';
  let second = '';

  it('creates a name, publishes a folder to it from My files and serves it at /ipns/<name>/', async () => {
    const { page, server } = session;
    first = await uploadFolder(site('site-v1', 'Version one'));

    const names = await new NamesScreen(page).open(server.url);
    await page.getByText(n('empty_title')).waitFor();
    await checkScreen(page, 'names-empty');
    name = await names.create(LABEL);
    expect(name).toMatch(/^k51[0-9a-z]+$/);
    await expect(names.row(LABEL).innerText()).resolves.toContain(n('not_published'));

    await publishFromFiles('site-v1', first);
    await page.getByText(n('published', { label: LABEL, value: `${first.slice(0, 10)}…${first.slice(-6)}` })).waitFor();
    await expect(siteHeading(name)).resolves.toBe('Version one');

    await names.open(server.url);
    const row = names.row(LABEL);
    await expect(row.locator('[data-value]').getAttribute('data-value')).resolves.toBe(`/ipfs/${first}`);
    await expect(row.locator('[data-sequence]').getAttribute('data-sequence')).resolves.toBe('0');
    await expect(row.getByRole('link', { name: n('open_named', { label: LABEL }) }).getAttribute('href')).resolves.toBe(
      `${server.url}/ipns/${name}/`,
    );
    await checkScreen(page, 'names-list');
  });

  it('serves a second version at once, and the first again after a rollback from the history', async () => {
    const { page, server } = session;
    second = await uploadFolder(site('site-v2', 'Version two'));
    await publishFromFiles('site-v2', second);
    // The gateway answers from the server's own records: no cache to wait out.
    const published = Date.now();
    await expect(siteHeading(name)).resolves.toBe('Version two');
    expect(Date.now() - published).toBeLessThan(1000);

    const names = await new NamesScreen(page).open(server.url);
    await names.choose(LABEL, 'history');
    const history = names.historyDialog(LABEL);
    const rows = history.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await expect(rows.evaluateAll((list) => list.map((row) => row.getAttribute('data-value')))).resolves.toEqual([
      `/ipfs/${second}`,
      `/ipfs/${first}`,
    ]);
    await expect(rows.first().innerText()).resolves.toContain(n('current'));
    await checkScreen(page, 'names-history', { fullPage: false, axe: { include: '[role=dialog]' } });

    await rows
      .nth(1)
      .getByRole('button', { name: n('roll_back') })
      .click();
    await expect.poll(() => rows.count()).toBe(3);
    await expect(rows.first().getAttribute('data-value')).resolves.toBe(`/ipfs/${first}`);
    await expect(rows.first().innerText()).resolves.toContain(n('source_rollback'));
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await expect(names.row(LABEL).locator('[data-sequence]').getAttribute('data-sequence')).resolves.toBe('2');

    await expect(siteHeading(name)).resolves.toBe('Version one');
  });

  it('publishes from the DAG viewer to a name made in the dialog', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/dag/${second}`);
    await page.locator('[data-dag]').waitFor();
    await page.getByRole('button', { name: n('publish_to_name') }).click();
    const dialog = new NamesScreen(page).publishToNameDialog('site-v2');
    await dialog.getByLabel(n('choose_name')).selectOption({ label: n('choose_new') });
    await dialog.getByLabel(n('new_label')).fill('Staging');
    await checkScreen(page, 'names-publish-to-name', { fullPage: false, axe: { include: '[role=dialog]' } });
    await dialog.getByRole('button', { name: n('publish'), exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const names = await new NamesScreen(page).open(server.url);
    await expect.poll(() => names.rows().count()).toBe(2);
    const staging = (await names.row('Staging').getAttribute('data-ipns-name'))!;
    await expect(names.row('Staging').locator('[data-value]').getAttribute('data-value')).resolves.toBe(`/ipfs/${second}`);
    await expect(siteHeading(staging)).resolves.toBe('Version two');
  });

  it('refuses, in words, a CID that is not one of the account’s files', async () => {
    const { page, server } = session;
    // A well-formed CID of bytes nobody uploaded here.
    const stranger = CID.createV1(raw.code, await sha256.digest(new TextEncoder().encode('never uploaded'))).toString();
    const names = await new NamesScreen(page).open(server.url);
    await names.choose(LABEL, 'publish');
    const dialog = page.getByRole('dialog', { name: n('publish_title', { label: LABEL }) });
    await dialog.getByLabel(n('value')).fill(stranger);
    await dialog.getByRole('button', { name: n('publish'), exact: true }).click();
    await dialog.getByText(n('errors.name_value_not_held')).waitFor();
    await checkScreen(page, 'names-publish-refused', { fullPage: false, axe: { include: '[role=dialog]' } });
    await dialog.getByRole('button', { name: en('common', 'actions.cancel') }).click();
  });

  it('exports the key once, and deletes the name after saying it stops resolving', async () => {
    const { page, server } = session;
    const names = await new NamesScreen(page).open(server.url);
    await names.choose(LABEL, 'export_key');
    const key = page.getByRole('dialog', { name: n('key_title', { label: LABEL }) });
    const secret = await key.getByLabel(n('key_label')).inputValue();
    expect(Buffer.from(secret, 'base64').length).toBeGreaterThan(32);
    await checkScreen(page, 'names-key', { fullPage: false, axe: { include: '[role=dialog]' } });
    await key.getByRole('button', { name: n('key_done') }).click();
    await key.waitFor({ state: 'detached' });
    await expect(page.content()).resolves.not.toContain(secret);

    await names.choose(LABEL, 'delete');
    const confirm = page.getByRole('alertdialog', { name: n('delete_title') });
    await confirm.getByText(n('delete_message', { label: LABEL, name })).waitFor();
    await confirm.getByRole('button', { name: n('delete') }).click();
    await page.getByText(n('deleted', { label: LABEL })).waitFor();
    await names.row(LABEL).waitFor({ state: 'detached' });
    await expect(names.rows().count()).resolves.toBe(1);
    // No record of it is held here any more: the gateway says so rather than look elsewhere.
    const gone = await fetch(`${server.url}/ipns/${name}/`);
    expect(gone.status).toBe(502);
  });
});
