import { describe, expect, it } from 'vitest';
import { apiToken } from './harness/content';
import { en } from './harness/locales';
import { checkScreen } from './harness/screens';
import { signedInSession } from './harness/session';
import { SettingsPage } from './page-models/settings-page';

/** The token dialog gives a token only the scopes picked, and the list says what each token may do. */

const USER = { email: 'ada.scopes@example.com', password: 'ada-password-1' };
const s = (key: string) => en('settings', key);

const session = signedInSession(USER, 'token-scopes-');

describe('scoped API tokens', () => {
  it('creates a token that reads files and pins, and nothing else', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/settings/tokens`);
    const settings = new SettingsPage(page);
    const modal = await settings.openNewToken();
    await modal.fill('ci-reader', '30');
    // Full access unless the user chooses otherwise; the administration is not offered to a user.
    await expect(
      modal
        .form()
        .getByRole('radio', { name: s('tokens.access_full'), exact: true })
        .isChecked(),
    ).resolves.toBe(true);

    await modal.limitTo();
    await expect(
      modal
        .form()
        .getByRole('checkbox', { name: s('tokens.scope_admin') })
        .count(),
    ).resolves.toBe(0);
    await modal.submit();
    await modal.form().getByText(s('tokens.scopes_required')).waitFor();
    await checkScreen(page, 'token-scopes-dialog', { fullPage: false });

    await modal.limitTo('tokens.scope_files_read', 'tokens.scope_pins_write');
    await expect(modal.form().getByText(s('tokens.scopes_required')).count()).resolves.toBe(0);
    await modal.submit();
    const secret = await modal.secret();
    await modal.done();

    const row = settings.tokenRow('ci-reader');
    await expect(row.locator('[data-scopes]').getAttribute('data-scopes')).resolves.toBe('files:read pins:write');
    await expect(row.innerText()).resolves.toContain(`${s('tokens.scope_files_read')}, ${s('tokens.scope_pins_write')}`);
    await checkScreen(page, 'token-scopes-list');

    // The server holds the token to what was picked.
    const headers = { authorization: `Bearer ${secret}` };
    expect((await fetch(`${server.url}/api/v2/users/me/uploads`, { headers })).status).toBe(200);
    const upload = await fetch(`${server.url}/api/v2/upload`, { method: 'POST', headers, body: new FormData() });
    expect(upload.status).toBe(403);
    await expect(upload.json()).resolves.toMatchObject({ code: 'insufficient_scope', scope: 'files:write' });
  });

  it('limits a token to one group picked in the dialog, and names the group in the list', async () => {
    const { page, server } = session;
    const token = await apiToken(server, USER.email, USER.password);
    const group = await server.api('POST', '/groups', token, { name: 'Invoices' });
    expect(group.status).toBe(201);
    const groupId = (group.body as { id: string }).id;

    await page.goto(`${server.url}/settings/tokens`);
    const settings = new SettingsPage(page);
    const modal = await settings.openNewToken();
    await modal.fill('invoices-bot', '30');
    const picker = modal.form().getByLabel(s('tokens.group'));
    await expect(picker.inputValue()).resolves.toBe('');
    await picker.selectOption({ label: 'Invoices' });
    await checkScreen(page, 'token-group-dialog', { fullPage: false });
    await modal.submit();
    const secret = await modal.secret();
    await modal.done();

    const row = settings.tokenRow('invoices-bot');
    await expect(row.locator('[data-group]').getAttribute('data-group')).resolves.toBe(groupId);
    await expect(row.innerText()).resolves.toContain(en('settings', 'tokens.limited_to').replace('{{name}}', 'Invoices'));
    await checkScreen(page, 'token-group-list');

    // The server keeps the token to its group: its files, not the account's tokens.
    const headers = { authorization: `Bearer ${secret}` };
    expect((await fetch(`${server.url}/api/v2/users/me/uploads`, { headers })).status).toBe(200);
    const tokens = await fetch(`${server.url}/api/v2/tokens`, { headers });
    expect(tokens.status).toBe(403);
    await expect(tokens.json()).resolves.toMatchObject({ code: 'insufficient_scope' });

    // Its group deleted, the token works no more, and the list says so where it says Active.
    expect((await server.api('DELETE', `/groups/${groupId}`, token)).status).toBe(200);
    await page.reload();
    const stopped = settings.tokenRow('invoices-bot');
    await stopped.getByText(s('tokens.status_stopped'), { exact: true }).waitFor();
    await expect(stopped.innerText()).resolves.toContain(s('tokens.group_gone'));
    await expect(stopped.getByText(s('tokens.status_active'), { exact: true }).count()).resolves.toBe(0);
    await checkScreen(page, 'token-group-stopped');
  });
});
