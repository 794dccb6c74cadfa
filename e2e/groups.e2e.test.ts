import { describe, expect, it } from 'vitest';
import { apiToken, apiUpload } from './harness/content';
import { en } from './harness/locales';
import { checkScreen } from './harness/screens';
import { signedInSession } from './harness/session';
import { cf, FilesScreen } from './page-models/content-pages';

/** Groups: made on their page, filled from My files' ticked rows, shown as a filter, and deleted without their files. */

const USER = { email: 'grouping@example.com', password: 'grouping-password' };
const session = signedInSession(USER, 'groups-', {
  prepare: async (server) => {
    const token = await apiToken(server, USER.email, USER.password);
    const beach = await apiUpload(server, token, 'beach.txt', 'sand and sea');
    await fetch(`${server.url}/api/v2/uploads/${beach.uploadId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ meta: { trip: 'sea' } }),
    });
    await apiUpload(server, token, 'invoice.txt', 'amount due');
  },
});
const c = (key: string) => en('content', key);
const GROUP = 'Holiday 2026';

describe('groups of files', () => {
  it('creates a group, adds a ticked file to it, shows it as a filter, and deletes it keeping the files', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/groups`);
    await page.getByRole('heading', { level: 1, name: en('common', 'screens.groups.title') }).waitFor();
    await page.getByText(c('groups.empty_title')).waitFor();
    await page.getByLabel(c('groups.new_name')).fill(GROUP);
    await page.getByRole('button', { name: c('groups.create') }).click();
    await page.getByRole('link', { name: GROUP }).waitFor();
    await checkScreen(page, 'groups');

    const files = await new FilesScreen(page).open(server.url);
    await files.row('beach.txt').waitFor();
    await page.getByRole('checkbox', { name: cf('files.select_named', { name: 'beach.txt' }) }).check();
    await page.getByRole('combobox', { name: c('groups.add_selected') }).selectOption({ label: GROUP });
    await page.getByText(c('groups.added').replace('{{name}}', GROUP).replace('{{n}}', '1')).waitFor();

    await page.getByRole('combobox', { name: c('groups.filter'), exact: true }).selectOption({ label: GROUP });
    await expect.poll(() => files.rows().count()).toBe(1);
    await files.row('beach.txt').waitFor();
    expect(new URL(page.url()).searchParams.get('group')).toMatch(/^[0-9a-f-]{36}$/);
    await checkScreen(page, 'files-group');

    // The file's details name its groups and its key-values (set at upload through the API).
    await files.choose('beach.txt', 'info');
    const info = files.infoDialog();
    await expect(info.locator('[data-field=groups]').textContent()).resolves.toBe(GROUP);
    const items = info.locator('[data-meta-editor] li');
    await expect(items.allTextContents()).resolves.toEqual(['trip = sea']);
    // Edited there: a key set, another removed.
    await info.getByRole('textbox', { name: en('content', 'meta.key') }).fill('mood');
    await info.getByRole('textbox', { name: en('content', 'meta.value') }).fill('sunny');
    await info.getByRole('button', { name: en('content', 'meta.set') }).click();
    await expect.poll(() => items.allTextContents()).toEqual(['trip = sea', 'mood = sunny']);
    await checkScreen(page, 'files-info-meta', { fullPage: false, axe: { include: '[role=dialog]' } });
    await info.getByRole('button', { name: en('content', 'meta.remove').replace('{{key}}', 'trip') }).click();
    await expect.poll(() => items.allTextContents()).toEqual(['mood = sunny']);
    await page.keyboard.press('Escape');

    // A key-value condition, over all files.
    await page.getByRole('combobox', { name: c('groups.filter'), exact: true }).selectOption({ label: c('groups.filter_all') });
    await expect.poll(() => files.rows().count()).toBe(2);
    const metaBox = page.getByRole('searchbox', { name: c('files.meta_filter') });
    await metaBox.fill('mood=sun*');
    await metaBox.press('Enter');
    await expect.poll(() => files.rows().count()).toBe(1);
    await files.row('beach.txt').waitFor();
    await checkScreen(page, 'files-meta-filter');
    await metaBox.fill('');
    await metaBox.press('Enter');
    await expect.poll(() => files.rows().count()).toBe(2);

    await page.goto(`${server.url}/groups`);
    await page
      .getByRole('row', { name: new RegExp(GROUP) })
      .getByRole('cell', { name: '1', exact: true })
      .waitFor();
    await page.getByRole('button', { name: c('groups.delete') }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(c('groups.delete_message').replace('{{name}}', GROUP).replace('{{n}}', '1')).waitFor();
    await checkScreen(page, 'groups-delete', { fullPage: false, axe: { include: '[role=alertdialog]' } });
    await dialog.getByRole('button', { name: c('groups.delete') }).click();
    await page.getByText(c('groups.empty_title')).waitFor();

    // The files stay.
    await new FilesScreen(page).open(server.url);
    await files.row('beach.txt').waitFor();
    await files.row('invoice.txt').waitFor();
  });
});
