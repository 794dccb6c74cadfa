import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { apiFiles, apiSignup, apiToken, apiUpload } from './harness/content';
import { en } from './harness/locales';
import { saveScreens } from './harness/screens';
import { ADMIN, startE2eServer, type E2eServer } from './harness/server';
import { cf, FilesScreen, PinScreen, UploadScreen } from './page-models/content-pages';
import { LoginPage } from './page-models/login-page';
import { SignupPage } from './page-models/signup-page';

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;
let token: string;
let workDir: string;

const user = {
  name: 'Ada',
  lastname: 'Lovelace',
  email: 'ada.files@example.com',
  password: 'analytical-engine',
  country: 'GB',
  birthDate: '10/12/1985',
};
const c = (key: string) => en('content', key);

/** The CIDv1 `ipfs add --cid-version=1` gives a small file: raw leaf, sha2-256 of the bytes. */
async function rawCid(bytes: Uint8Array): Promise<string> {
  return CID.create(1, raw.code, await sha256.digest(bytes)).toString();
}

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-content-e2e-'));
});

afterEach(screenshotOnFailure(() => page));

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('one file, from upload to delete', () => {
  const notes = new TextEncoder().encode('Notes on the analytical engine.\n'.repeat(40));

  it('signs up, logs in and uploads a file, showing its CID', async () => {
    const signup = await new SignupPage(page).open(server.url);
    await signup.signUp(user);
    token = await apiToken(server, user.email, user.password);

    const upload = await new UploadScreen(page).open(server.url);
    // Nothing chosen yet: the client-side check answers before any request.
    await upload.submit();
    await upload.problem().getByText(c('upload.checks.no_file')).waitFor();

    await upload.chooseMode('file');
    await upload.filePicker().setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(notes) });
    await upload.preview().getByText('notes.txt').waitFor();
    await upload.preview().getByText('text/plain').waitFor();
    await saveScreens(page, 'upload-preview');
    await upload.submit();
    const cid = await upload.uploadedCid();
    expect(cid).toBe(await rawCid(notes));
    await saveScreens(page, 'upload-success');

    // The panel's links: the gateway and the DAG viewer for this CID.
    const view = upload.success().getByRole('link', { name: c('actions.view'), exact: true });
    expect(await view.getAttribute('href')).toBe(`${server.url}/ipfs/${cid}`);
    expect(
      await upload
        .success()
        .getByRole('link', { name: c('actions.view_dag') })
        .getAttribute('href'),
    ).toBe(`/dag/${cid}`);
    const files = await apiFiles(server, token);
    expect(files.map((file) => [file.name, file.cid, file.size])).toEqual([['notes.txt', cid, notes.length]]);
  });

  it('lists it in My files and copies its CID', async () => {
    await new UploadScreen(page)
      .success()
      .getByRole('link', { name: c('upload.go_to_files') })
      .click();
    const files = new FilesScreen(page);
    await files.heading().waitFor();
    await files.row('notes.txt').waitFor();
    expect(await files.rows().count()).toBe(1);
    const cid = (await files.row('notes.txt').getAttribute('data-cid'))!;

    await files.copyCidButton('notes.txt').click();
    await page.getByText(en('common', 'copy.done')).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cid);
  });

  it('refuses a bad name and a taken one, then renames', async () => {
    await apiUpload(server, token, 'taken.txt', 'another file');
    const files = await new FilesScreen(page).open(server.url);
    await files.row('taken.txt').waitFor();

    await files.rename('notes.txt', 'my notes!');
    await files.renameDialog().getByText(c('rename.invalid_chars')).waitFor();
    await saveScreens(page, 'files-rename-dialog', { fullPage: false });
    await files.renameDialog().getByLabel(c('rename.name')).fill('taken.txt');
    await files
      .renameDialog()
      .getByRole('button', { name: c('rename.submit') })
      .click();
    await files.renameDialog().getByText(c('errors.name_taken')).waitFor();

    await files.renameDialog().getByLabel(c('rename.name')).fill('engine-notes.txt');
    await files
      .renameDialog()
      .getByRole('button', { name: c('rename.submit') })
      .click();
    await files.renameDialog().waitFor({ state: 'detached' });
    await files.row('engine-notes.txt').waitFor();
    expect((await apiFiles(server, token)).map((file) => file.name).sort()).toEqual(['engine-notes.txt', 'taken.txt']);

    await files.choose('engine-notes.txt', 'info');
    const info = files.infoDialog();
    await info.locator('[data-info]').waitFor();
    expect(await info.locator('[data-field=name-source]').innerText()).toBe(c('name_source.custom'));
    expect(await info.locator('[data-field=original-name]').innerText()).toBe('notes.txt');
    // What the record counts against the quota: a plain upload is charged its bytes, shown as its size is.
    const record = (await apiFiles(server, token)).find((file) => file.name === 'engine-notes.txt')!;
    expect(record.chargedBytes).toBe(record.size);
    expect(await info.locator('[data-field=charged]').innerText()).toBe(await info.locator('[data-field=size]').innerText());
    // Where the content is pinned: the embedded engine's one node, pinned.
    const node = info.locator('[data-replication] [data-peer=embedded]');
    await node.waitFor();
    expect(await node.innerText()).toContain(c('replication.statuses.pinned'));
    expect(await info.locator('[data-replication-factor]').innerText()).toContain(c('replication.engines.embedded'));
    await saveScreens(page, 'files-info-dialog', { fullPage: false });
    await page.keyboard.press('Escape');
    await info.waitFor({ state: 'detached' });
  });

  it('opens the DAG viewer for it', async () => {
    const files = new FilesScreen(page);
    const cid = (await files.row('engine-notes.txt').getAttribute('data-cid'))!;
    await files.choose('engine-notes.txt', 'view_dag');
    await page.locator('[data-dag]').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dag/${cid}`);
    expect(await page.locator('[data-dag-files]').innerText()).toBe('1');
    expect(await page.locator('[data-dag] [data-cid]').innerText()).toBe(cid);
    // Its first action is this server's gateway; the embedded engine announces nothing, so no public gateway link.
    const view = page.locator('[data-dag]').getByRole('link', { name: c('actions.view'), exact: true });
    expect(await view.getAttribute('href')).toBe(`${server.url}/ipfs/${cid}`);
    expect(await page.getByRole('link', { name: c('dag.public_gateway') }).count()).toBe(0);
  });

  it('downloads it under its name with the same bytes', async () => {
    const files = await new FilesScreen(page).open(server.url);
    const [download] = await Promise.all([page.waitForEvent('download'), files.choose('engine-notes.txt', 'download')]);
    expect(download.suggestedFilename()).toBe('engine-notes.txt');
    const saved = await download.path();
    expect(new Uint8Array(fs.readFileSync(saved))).toEqual(notes);
  });

  it('deletes it after confirmation', async () => {
    const files = new FilesScreen(page);
    await files.choose('engine-notes.txt', 'delete');
    await files
      .deleteDialog()
      .getByText(cf('files.delete_message', { name: 'engine-notes.txt' }))
      .waitFor();
    // Cancel keeps it.
    await files
      .deleteDialog()
      .getByRole('button', { name: en('common', 'actions.cancel') })
      .click();
    await files.row('engine-notes.txt').waitFor();

    await files.remove('engine-notes.txt');
    await page.getByText(cf('files.deleted', { name: 'engine-notes.txt' })).waitFor();
    await files.row('engine-notes.txt').waitFor({ state: 'detached' });
    expect((await apiFiles(server, token)).map((file) => file.name)).toEqual(['taken.txt']);
  });
});

describe('folders', () => {
  it('uploads a folder from the folder chooser as one DAG, keeping its paths', async () => {
    const album = path.join(workDir, 'album');
    fs.mkdirSync(path.join(album, 'raw'), { recursive: true });
    fs.writeFileSync(path.join(album, 'cover.txt'), 'cover');
    fs.writeFileSync(path.join(album, 'raw', 'take-1.txt'), 'take one');
    fs.writeFileSync(path.join(album, 'raw', 'take-2.txt'), 'take two, longer');

    const upload = await new UploadScreen(page).open(server.url);
    await upload.chooseMode('dag');
    await upload.folderPicker().setInputFiles(album);
    for (const file of ['album/cover.txt', 'album/raw/take-1.txt', 'album/raw/take-2.txt'])
      await upload.preview().getByText(file).waitFor();
    await upload
      .preview()
      .getByText(cf('upload.selected_other', { count: 3, size: '29 bytes' }))
      .waitFor();

    // A file can be taken out of the selection before uploading.
    await upload
      .preview()
      .getByRole('button', { name: cf('upload.remove', { name: 'album/cover.txt' }) })
      .click();
    await upload.preview().getByText('album/cover.txt').waitFor({ state: 'detached' });
    await upload.submit();
    const cid = await upload.uploadedCid();
    await upload
      .success()
      .getByText(cf('upload.success_dag_other', { count: 2, size: '24 bytes' }))
      .waitFor();

    const record = (await apiFiles(server, token)).find((file) => file.cid === cid)!;
    expect(record).toMatchObject({ type: 'directory', name: 'album', size: 24 });

    await upload
      .success()
      .getByRole('link', { name: c('actions.view_dag') })
      .click();
    await page.locator('[data-dag]').waitFor();
    expect(await page.locator('[data-dag-files]').innerText()).toBe('2');
    // The folder structure is kept: album itself is the root (as `ipfs add -r album`), raw/ inside it.
    await page.locator('table.dag-table').getByRole('link', { name: 'raw', exact: true }).click();
    const take = page.locator('table.dag-table').getByRole('link', { name: 'take-1.txt', exact: true });
    expect(await take.getAttribute('href')).toBe(`${server.url}/ipfs/${cid}/raw/take-1.txt`);
    await saveScreens(page, 'dag-folder');
  });

  it('uploads dropped files as separate files, each with its own CID', async () => {
    const upload = await new UploadScreen(page).open(server.url);
    await upload.chooseMode('files');
    const drop = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(['first letter'], 'letter-1.txt', { type: 'text/plain' }));
      data.items.add(new File(['second letter'], 'letter-2.txt', { type: 'text/plain' }));
      return data;
    });
    await upload.dropZone().dispatchEvent('dragover', { dataTransfer: drop });
    await upload.dropZone().dispatchEvent('drop', { dataTransfer: drop });
    await upload.preview().getByText('letter-2.txt').waitFor();
    await upload.submit();
    await upload
      .success()
      .getByText(cf('upload.success_files_other', { count: 2, size: '25 bytes' }))
      .waitFor({ timeout: 30_000 });

    const records = await apiFiles(server, token);
    const letters: Array<[string, string]> = [
      ['letter-1.txt', 'first letter'],
      ['letter-2.txt', 'second letter'],
    ];
    for (const [name, text] of letters) {
      const record = records.find((file) => file.name === name)!;
      expect(record.type).toBe('file');
      expect(record.cid).toBe(await rawCid(new TextEncoder().encode(text)));
      await upload
        .success()
        .getByRole('button', { name: cf('actions.copy_cid_of', { name }) })
        .waitFor();
    }
    await saveScreens(page, 'upload-files-success');
  });

  it('filters My files by name and pages through them', async () => {
    const files = await new FilesScreen(page).open(server.url);
    await files.row('letter-1.txt').waitFor();
    // The filtered page is held back: meanwhile the rows on screen stay, marked busy.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const filtered = (url: URL) => url.pathname.endsWith('/users/me/uploads') && url.searchParams.get('search') === 'letter';
    let continued: Promise<void> | undefined;
    await page.route(filtered, (route) => (continued = held.then(() => route.continue())));
    try {
      await files.search('letter');
      await page.locator('.table-wrap[aria-busy="true"]').waitFor();
      expect(await files.rows().count()).toBe(4);
      expect(await page.locator('.state-loading').count()).toBe(0);
    } finally {
      // Let the held request go on before the route is removed: removed first, it would be sent
      // on by Playwright, and the handler's own `continue` would then fail.
      release();
      await continued;
      await page.unroute(filtered);
    }
    await expect.poll(() => files.rows().count()).toBe(2);
    expect(await files.row('taken.txt').count()).toBe(0);
    expect(await page.locator('.table-wrap[aria-busy="true"]').count()).toBe(0);
    await files.search('no-such-file');
    await page.getByText(c('files.no_match_title')).waitFor();
    await files.search('');
    await files.row('taken.txt').waitFor();
    expect(await files.rows().count()).toBe(4);

    for (let i = 0; i < 8; i++) await apiUpload(server, token, `page-${i}.txt`, `page ${i}`);
    await page.reload();
    await files.row('page-7.txt').waitFor();
    expect(await files.rows().count()).toBe(10);
    await files
      .pagination()
      .getByText(cf('pagination.range', { first: 1, last: 10, total: 12 }))
      .waitFor();
    await files
      .pagination()
      .getByRole('button', { name: c('pagination.next') })
      .click();
    await files
      .pagination()
      .getByText(cf('pagination.range', { first: 11, last: 12, total: 12 }))
      .waitFor();
    expect(await files.rows().count()).toBe(2);
    await files.pageSize(25);
    await files
      .pagination()
      .getByText(cf('pagination.range', { first: 1, last: 12, total: 12 }))
      .waitFor();
    // The rows of the new page size replace those shown meanwhile.
    await expect.poll(() => files.rows().count()).toBe(12);
  });
});

describe('progress and cancel', () => {
  it('shows per-file and total progress with the speed, and cancels without a trace', async () => {
    const big = path.join(workDir, 'big.bin');
    fs.writeFileSync(big, Buffer.alloc(6 * 1024 * 1024, 7));
    const small = path.join(workDir, 'small.txt');
    fs.writeFileSync(small, 'small');
    const before = (await apiFiles(server, token)).length;

    const upload = await new UploadScreen(page).open(server.url);
    await upload.chooseMode('files');
    await upload.filePicker().setInputFiles([small, big]);
    // A slow uplink (1 MiB/s) keeps the upload running long enough to watch and cancel it.
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    try {
      await upload.submit();
      const progress = page.locator('[data-upload-progress]');
      await progress.waitFor();
      // 1 MiB/s through the throttle, measured a little under or over it.
      await progress.getByText(/\d\s[KM]iB\/s/).waitFor();
      const files = progress.getByRole('list', { name: c('upload.file_progress') });
      await files.getByRole('progressbar', { name: 'big.bin' }).waitFor();
      // The small file goes first and completes while the big one is still on its way.
      await expect
        .poll(() => files.getByRole('progressbar', { name: 'small.txt' }).getAttribute('aria-valuenow'), { timeout: 10_000 })
        .toBe('100');
      const total = Number(await progress.getByRole('progressbar', { name: c('upload.total_progress') }).getAttribute('aria-valuenow'));
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThan(100);
      await saveScreens(page, 'upload-progress');

      await progress.getByRole('button', { name: c('upload.cancel') }).click();
      await progress.waitFor({ state: 'detached' });
      // Back to the selection, nothing recorded.
      await upload.preview().getByText('big.bin').waitFor();
      expect(await page.locator('[data-upload-error]').count()).toBe(0);
    } finally {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await cdp.detach();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await apiFiles(server, token)).length).toBe(before);
  });
});

describe('pin by CID', () => {
  it('pins content another user stored, under a custom name, and refuses it twice', async () => {
    await apiSignup(server, 'grace@example.com', 'compiler-1952');
    const grace = await apiToken(server, 'grace@example.com', 'compiler-1952');
    const theirs = await apiUpload(server, grace, 'manual.txt', 'A-0 system manual');

    const pin = await new PinScreen(page).open(server.url);
    await page.getByRole('button', { name: c('pin.submit'), exact: true }).click();
    await page.getByText(c('pin.cid_required')).waitFor();
    await pin.pin(theirs.cid, { original: 'manual.txt', custom: 'bad name' });
    await page.getByText(c('rename.invalid_chars')).waitFor();

    await pin.pin(theirs.cid, { original: 'manual.txt', custom: 'a0-manual.txt' });
    await pin.result().waitFor({ timeout: 20_000 });
    expect(await pin.result().locator('[data-cid]').innerText()).toBe(theirs.cid);
    expect(await pin.result().locator('[data-field=name]').innerText()).toBe('a0-manual.txt');
    expect(await pin.result().locator('[data-field=name-source]').innerText()).toBe(c('name_source.custom'));
    await saveScreens(page, 'pin-result');
    const mine = (await apiFiles(server, token)).find((file) => file.cid === theirs.cid);
    expect(mine).toMatchObject({ name: 'a0-manual.txt', size: 17 });

    await pin.pin(theirs.cid);
    await pin.error().getByText(c('errors.already_pinned')).waitFor();
  });

  it('says when a CID is invalid, and when it cannot be found on the network', async () => {
    const pin = await new PinScreen(page).open(server.url);
    // Checked in the form with the shared rule, before anything is sent.
    await pin.pin('not-a-cid');
    await page.getByText(c('errors.invalid_cid')).first().waitFor();
    expect(await pin.status().count()).toBe(0);

    // Content nobody holds: the job runs until the server gives up (3 s here). On a loaded
    // machine the first poll may already see it failed, so its running state is not required.
    const unknown = await rawCid(new TextEncoder().encode(`nobody has this ${Date.now()}`));
    await pin.pin(unknown);
    await pin.status().or(pin.error()).first().waitFor();
    await pin.error().getByText(c('errors.cid_not_found')).waitFor({ timeout: 20_000 });
    await saveScreens(page, 'pin-not-found');
    expect((await apiFiles(server, token)).some((file) => file.cid === unknown)).toBe(false);
  });
});

describe('a full account', () => {
  it('warns on Usage and the dashboard, and refuses an upload with links to free space or upgrade', async () => {
    // An account on a 100-byte plan that already holds 100 bytes.
    const admin = await apiToken(server, ADMIN.email, ADMIN.password);
    const plan = await server.api('POST', '/admin/plans', admin, {
      code: 'tiny',
      name: 'Tiny',
      storageLimitBytes: 100,
      priceMonthlyEur: 0,
    });
    expect(plan.status).toBe(201);
    await apiSignup(server, 'full@example.com', 'full-account');
    const full = await apiToken(server, 'full@example.com', 'full-account');
    const me = (await server.api('GET', '/users/me', full)).body as { id: string };
    expect((await server.api('PATCH', `/admin/users/${me.id}`, admin, { planCode: 'tiny' })).status).toBe(200);
    await apiUpload(server, full, 'hundred.bin', new Uint8Array(100));

    await page.goto(`${server.url}/login`);
    await page.evaluate(() => localStorage.clear());
    await new LoginPage(page).open(server.url).then((login) => login.logIn('full@example.com', 'full-account'));
    const card = page.locator('[data-usage-card]');
    await card.getByText(c('usage.limit_reached')).waitFor();
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    await page.goto(`${server.url}/usage`);
    const warning = page.locator('[data-limit-reached]');
    await warning.getByText(c('usage.limit_reached_title')).waitFor();
    expect(await warning.getByRole('link', { name: c('usage.manage_files') }).getAttribute('href')).toBe('/files');
    expect(await warning.getByRole('link', { name: c('usage.upgrade') }).getAttribute('href')).toBe('/plans');
    await page.getByText(cf('usage.plan', { plan: 'Tiny' })).waitFor();
    await saveScreens(page, 'usage-limit-reached');

    const upload = await new UploadScreen(page).open(server.url);
    await upload.chooseMode('file');
    await upload.filePicker().setInputFiles({ name: 'one-more.txt', mimeType: 'text/plain', buffer: Buffer.from('one more') });
    await upload.submit();
    // Refused before a byte is sent: what it needs, and that nothing is free.
    const error = page.locator('[data-quota-shortfall]');
    await error.getByText(cf('upload.over_quota_full', { needed: '8 bytes' })).waitFor();
    expect(await error.getByRole('link', { name: c('usage.manage_files') }).getAttribute('href')).toBe('/files');
    expect(await error.getByRole('link', { name: c('usage.upgrade') }).getAttribute('href')).toBe('/plans');
    expect(await page.getByRole('button', { name: c('upload.retry') }).count()).toBe(0);
    // Refused, not a session problem: still signed in, nothing recorded.
    expect(new URL(page.url()).pathname).toBe('/upload');
    expect((await apiFiles(server, full)).map((file) => file.name)).toEqual(['hundred.bin']);
    await saveScreens(page, 'upload-quota-exceeded');
  });
});
