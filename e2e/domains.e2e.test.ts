import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../scripts/dns-local.mjs';
import { apiToken, apiUploadFolder } from './harness/content';
import { hostGet } from './harness/host-fetch';
import { en } from './harness/locales';
import { checkScreen } from './harness/screens';
import { signedInSession } from './harness/session';
import { DomainsSection } from './page-models/domains-section';
import { n, NamesScreen } from './page-models/names-page';

/**
 * Custom domains as a user works them: a site published to a name, the name put on a domain of
 * the user's from its row, the TXT record the domain needs shown, a verification refused while
 * DNS does not have it and passed once it does, the site then served for the domain's Host, and
 * the domain removed. DNS is a server on loopback whose records the test sets.
 */

const USER = { email: 'ada.domains@example.com', password: 'ada-password-1' };
const dns = await startDnsServer();
const session = signedInSession(USER, 'domains-', { dnslinkResolvers: [dns.address] });
afterAll(() => dns.stop());
const LABEL = 'Company site';
const HOST = 'files.acme.test';
const SITE = '<!doctype html><title>Acme files</title><h1>Acme files</h1>';

describe('custom domains', () => {
  let name = '';

  it('puts a published name on a domain from its row and shows the TXT record to create', async () => {
    const { page, server } = session;
    const token = await apiToken(server, USER.email, USER.password);
    const site = await apiUploadFolder(server, token, { 'site/index.html': SITE });
    const created = await server.api('POST', '/names', token, { label: LABEL });
    name = (created.body as { id: string; name: string }).name;
    const published = await server.api('POST', `/names/${(created.body as { id: string }).id}/publish`, token, { value: site.cid });
    expect(published.status).toBe(200);

    const names = await new NamesScreen(page).open(server.url);
    const domains = new DomainsSection(page);
    await domains.section().getByText(n('domains.empty_title')).waitFor();
    await checkScreen(page, 'domains-empty');

    await names
      .row(LABEL)
      .getByRole('button', { name: n('menu_named', { label: LABEL }) })
      .click();
    await page
      .getByRole('menu', { name: n('menu_named', { label: LABEL }) })
      .getByRole('menuitem', { name: n('use_on_domain'), exact: true })
      .click();
    const dialog = domains.addDialog();
    await expect(dialog.getByLabel(n('domains.target')).locator('option:checked').innerText()).resolves.toBe(LABEL);
    await dialog.getByLabel(n('domains.hostname')).fill(HOST);
    await checkScreen(page, 'domains-add', { fullPage: false, axe: { include: '[role=dialog]' } });
    await dialog.getByRole('button', { name: n('domains.add'), exact: true }).click();

    const record = domains.recordDialog(HOST);
    await expect(record.locator('[data-record-name]').innerText()).resolves.toBe(`_dnslink.${HOST}`);
    await expect(record.locator('[data-record-type]').innerText()).resolves.toBe('TXT');
    await expect(record.locator('[data-record-value]').innerText()).resolves.toBe(`dnslink=/ipns/${name}`);
    await record.getByText(n('domains.record_serving')).waitFor();
    await checkScreen(page, 'domains-record', { fullPage: false, axe: { include: '[role=dialog]' } });
    await record.getByRole('button', { name: n('domains.record_done') }).click();
    await record.waitFor({ state: 'detached' });

    const row = domains.row(HOST);
    await expect(row.getAttribute('data-status')).resolves.toBe('pending');
    await expect(row.innerText()).resolves.toContain(n('domains.status_pending'));
    await expect(row.innerText()).resolves.toContain(LABEL);
    await expect(row.locator('[data-target]').getAttribute('data-target')).resolves.toBe(`/ipns/${name}`);
    await checkScreen(page, 'domains-pending');
  });

  it('says why a domain is not verified while DNS lacks the record, and verifies it once DNS has it', async () => {
    const { page, server } = session;
    const domains = new DomainsSection(page);
    const row = domains.row(HOST);
    await domains.choose(HOST, 'verify');
    await page.getByText(n('domains.not_verified', { hostname: HOST })).waitFor();
    await expect.poll(() => row.getAttribute('data-status')).toBe('failed');
    await expect(row.locator('[data-last-error]').innerText()).resolves.toBe('no dnslink= TXT record');
    await checkScreen(page, 'domains-failed');
    // Until verified the domain takes nothing over: its host is answered by the app, as any other.
    expect((await hostGet(server.url, HOST, '/')).text).not.toContain('Acme files');

    dns.records.set(`_dnslink.${HOST}`, [`dnslink=/ipns/${name}`]);
    await domains.choose(HOST, 'verify');
    await page.getByText(n('domains.verified', { hostname: HOST })).waitFor();
    await expect.poll(() => row.getAttribute('data-status')).toBe('verified');
    await expect(row.innerText()).resolves.toContain(n('domains.status_verified'));
    await expect(row.locator('[data-last-error]').count()).resolves.toBe(0);
    await expect(row.getByRole('link', { name: n('domains.open_named', { hostname: HOST }) }).getAttribute('href')).resolves.toBe(
      `http://${HOST}/`,
    );
    await checkScreen(page, 'domains-verified');

    await expect(hostGet(server.url, HOST, '/')).resolves.toEqual({ status: 200, text: SITE });
  });

  it('refuses, under the field, a CID that is not one of the account’s files', async () => {
    const { page } = session;
    const stranger = CID.createV1(raw.code, await sha256.digest(new TextEncoder().encode('never uploaded'))).toString();
    const domains = new DomainsSection(page);
    await domains
      .section()
      .getByRole('button', { name: n('domains.add'), exact: true })
      .click();
    const dialog = domains.addDialog();
    await dialog.getByLabel(n('domains.hostname')).fill('docs.acme.test');
    await dialog.getByLabel(n('domains.target')).selectOption({ label: n('domains.target_typed') });
    await dialog.getByLabel(n('domains.target_cid')).fill(stranger);
    await dialog.getByRole('button', { name: n('domains.add'), exact: true }).click();
    const field = dialog.getByLabel(n('domains.target_cid'));
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByText(en('common', 'errors.domain_target_not_held')).waitFor();
    await checkScreen(page, 'domains-refused', { fullPage: false, axe: { include: '[role=dialog]' } });
    await dialog.getByRole('button', { name: en('common', 'actions.cancel') }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(domains.rows().count()).resolves.toBe(1);
  });

  it('removes the domain after asking, and the host no longer serves the site', async () => {
    const { page, server } = session;
    const domains = new DomainsSection(page);
    await domains.choose(HOST, 'delete');
    const confirm = page.getByRole('alertdialog', { name: n('domains.delete_title') });
    await confirm.getByText(n('domains.delete_message', { hostname: HOST })).waitFor();
    await confirm.getByRole('button', { name: n('domains.delete') }).click();
    await page.getByText(n('domains.deleted', { hostname: HOST })).waitFor();
    await domains.row(HOST).waitFor({ state: 'detached' });
    await domains.section().getByText(n('domains.empty_title')).waitFor();
    // A host that is no account's domain is answered by the app, as any other host is.
    const after = await hostGet(server.url, HOST, '/');
    expect(after.text).not.toContain('Acme files');
  });
});
