import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { followRequests } from './harness/network-quiet';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { apiSignup, apiToken, apiUpload, apiUploadFolder } from './harness/content';
import { ADMIN, startE2eServer, type E2eServer } from './harness/server';
import { LoginPage } from './page-models/login-page';

/**
 * Every table of the console, in every language, at a small laptop's width and a common one:
 * no table is wider than its card (nothing clipped or scrolled sideways), sizes stay on one line,
 * an email is never cut mid-word, and at the common width no table turns into cards.
 */

const LANGUAGES = ['en', 'de', 'fr', 'es', 'ca', 'eu', 'it', 'pt', 'ru', 'uk'] as const;
const WIDTHS = [1024, 1280];
const PAGES = [
  '/',
  '/files',
  '/settings/tokens',
  '/names',
  '/referrals',
  '/admin',
  '/admin/users',
  '/admin/files',
  '/admin/tokens',
  '/admin/logs',
  '/admin/plans',
  '/admin/referrals',
  '/admin/rewards',
  '/admin/content-jobs',
];

let server: E2eServer;
let browser: E2eBrowser;
let page: Page;
let requests: ReturnType<typeof followRequests>;
let adminToken: string;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = browser.page;
  requests = followRequests(page);
  adminToken = await apiToken(server, ADMIN.email, ADMIN.password);
  await apiUpload(server, adminToken, `${'a-very-long-file-name-'.repeat(11)}end.txt`, 'long name');
  await apiUpload(server, adminToken, 'tiny.txt', 'four');
  // A folder: its row has a type badge beside the name.
  const folder = await apiUploadFolder(server, adminToken, { 'holiday-photos/readme.txt': 'sun' });
  // Names: one published to a path under the folder (the value column's longest), one not yet.
  const name = await server.api('POST', '/names', adminToken, { label: 'Holiday photos (public album)' });
  await server.api('POST', `/names/${(name.body as { id: string }).id}/publish`, adminToken, { value: `/ipfs/${folder.cid}/readme.txt` });
  await server.api('POST', '/names', adminToken, { label: 'Staging' });
  // A custom domain on that name, with a long host name, pending: its status column says it was never checked.
  const domain = await server.api('POST', '/domains', adminToken, {
    hostname: 'holiday-photos.family-archive.example.org',
    target: `/ipns/${(name.body as { name: string }).name}`,
  });
  if (domain.status !== 201) throw new Error(`domain answered ${domain.status}`);
  await apiUpload(server, adminToken, 'report.pdf', '%PDF-1.4 '.repeat(300_000));
  await server.api('POST', '/tokens/generate', adminToken, { name: 'continuous-integration-deploy-token', expiresInDays: 30 });
  await server.api('POST', '/tokens/generate', adminToken, {
    name: 'office',
    expiresInDays: 30,
    allowedIp: '2001:db8:85a3::8a2e:370:7334',
  });
  // A token limited to a group, with several scopes: the access column's longest content.
  const group = await server.api('POST', '/groups', adminToken, { name: 'Quarterly invoices and receipts' });
  await server.api('POST', '/tokens/generate', adminToken, {
    name: 'invoices-uploader',
    expiresInDays: 30,
    scopes: ['files:read', 'files:write', 'pins:write', 'links:write'],
    groupId: (group.body as { id: string }).id,
  });
  // A content job that gave up, with an engine's long error, for the outbox's table.
  const now = new Date().toISOString();
  await server.app.db
    .insertInto('jobs')
    .values({
      id: '00000000-0000-4000-8000-00000000c0b1',
      kind: 'release',
      cid: 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
      reservation_id: null,
      status: 'failed',
      attempts: 10,
      run_after: now,
      lease_owner: null,
      lease_until: null,
      last_error: 'Error: connect ECONNREFUSED 127.0.0.1:5001 while unpinning bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const email of ['maximiliane.mustermann-schmidt@beispiel-unternehmen.example', 'ada@example.com']) {
    await apiSignup(server, email, 'a-long-password-1');
  }
  await new LoginPage(page).open(server.url).then((login) => login.logIn(ADMIN.email, ADMIN.password));
});

afterEach(screenshotOnFailure(() => page, 'table-fit-'));

afterAll(async () => {
  await server?.api('PUT', '/users/me/preferences', adminToken, { language: 'en', country: 'US' });
  await browser?.close();
  await server?.close();
});

/** What does not fit on the current screen, described for the failure message. */
function misfits(): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const label = (element: Element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`;
    for (const wrap of Array.from(document.querySelectorAll('.table-wrap'))) {
      if (wrap.scrollWidth > wrap.clientWidth + 1) found.push(`table ${wrap.scrollWidth}px in ${wrap.clientWidth}px`);
    }
    // A squeezed cell spills into the next one without making the table wider.
    for (const cell of Array.from(document.querySelectorAll('.table-wrap td'))) {
      if (cell.scrollWidth > cell.clientWidth + 1) found.push(`${label(cell)} ${cell.scrollWidth}px in ${cell.clientWidth}px`);
    }
    // Lines of each piece of text, not box height: a stacked row's cell has padding and a label beside the value.
    const lines = (element: Element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let most = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        most = Math.max(most, new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.bottom))).size);
      }
      return most;
    };
    for (const cell of Array.from(document.querySelectorAll('.table .cell-number, .stat-value, .email-text'))) {
      if ((cell.textContent ?? '').trim() && lines(cell) > 1) found.push(`${label(cell)} "${cell.textContent}" wraps`);
    }
    return found;
  });
}

/**
 * My files on a desktop: a table, never cards (long dates and words once made it stack at 1280 px),
 * with the name the widest column where there is room for it.
 */
const FILES_ON_A_DESKTOP: Record<number, { stacked: boolean; nameWidest: boolean }> = {
  1024: { stacked: false, nameWidest: expect.any(Boolean) as unknown as boolean },
  1280: { stacked: false, nameWidest: true },
};

function filesLayout(): Promise<{ stacked: boolean; nameWidest: boolean }> {
  return page.evaluate(() => {
    const wrap = document.querySelector('.table-wrap:has(.files-table)')!;
    const cells = Array.from(document.querySelectorAll<HTMLElement>('.files-table tbody tr:first-child td'));
    const name = cells.find((cell) => cell.classList.contains('cell-name'))!.offsetWidth;
    return { stacked: wrap.classList.contains('stacked'), nameWidest: cells.every((cell) => cell.offsetWidth <= name) };
  });
}

describe.each(LANGUAGES)('tables in %s', (language) => {
  beforeAll(async () => {
    await server.api('PUT', '/users/me/preferences', adminToken, { language, country: 'US' });
  });

  it.each(PAGES)('%s fits at 1024 and 1280 px', async (path) => {
    await page.setViewportSize({ width: WIDTHS[1]!, height: 800 });
    await page.goto(`${server.url}${path}`);
    await page.locator(`html[lang="${language}"]`).waitFor();
    await page.locator('main h1').first().waitFor();
    await requests.quiet();
    await page.locator('.state-loading').first().waitFor({ state: 'detached' });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(100);
      expect(await misfits(), `${path} in ${language} at ${width}px`).toEqual([]);
      if (path === '/files') expect(await filesLayout(), `${path} in ${language} at ${width}px`).toEqual(FILES_ON_A_DESKTOP[width]);
      // At a common laptop's width every table is a table, not cards, in every language.
      if (width === 1280)
        expect(await page.locator('.table-wrap.stacked').count(), `cards on ${path} in ${language} at ${width}px`).toBe(0);
    }
  });
});
