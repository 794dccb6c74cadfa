import { describe, expect, it } from 'vitest';
import { launchBrowser } from './harness/browser';
import { apiToken, apiUpload, type UploadedRecord } from './harness/content';
import { en } from './harness/locales';
import { checkScreen } from './harness/screens';
import { signedInSession } from './harness/session';
import { FilesScreen } from './page-models/content-pages';

/**
 * A private file shared by a signed link, as a new user would: make it private, share a
 * 10-minute link, open the link in a fresh browser with no session (served), once it has expired
 * (refused), and the bare CID through the gateway (refused).
 */

const USER = { email: 'sharer@example.com', password: 'sharer-password' };
const c = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, value), en('content', key));
const SECRET = 'The plans for the spring launch: not for everyone.';
let record: UploadedRecord;

const session = signedInSession(USER, 'private-links-', {
  prepare: async (server) => {
    record = await apiUpload(server, await apiToken(server, USER.email, USER.password), 'launch-plans.txt', SECRET);
  },
});

describe('private files and signed links', () => {
  it('makes a file private, shares a 10-minute link that a fresh browser opens until it expires, and refuses the bare CID', async () => {
    const { page, server } = session;
    const files = await new FilesScreen(page).open(server.url);
    const row = files.row('launch-plans.txt');
    await expect(row.locator('[data-privacy]').getAttribute('title')).resolves.toBe(c('privacy.public'));

    await files.menuButton('launch-plans.txt').click();
    await files
      .menu('launch-plans.txt')
      .getByRole('menuitem', { name: c('privacy.make_private') })
      .click();
    await page.getByText(c('privacy.made_private', { name: 'launch-plans.txt' })).waitFor();
    await expect.poll(() => row.locator('[data-privacy]').innerText()).toBe(c('privacy.private'));
    await checkScreen(page, 'files-private');

    await files.menuButton('launch-plans.txt').click();
    await files
      .menu('launch-plans.txt')
      .getByRole('menuitem', { name: c('actions.share') })
      .click();
    const dialog = page.getByRole('dialog', { name: c('share.title', { name: 'launch-plans.txt' }) });
    await expect(dialog.getByLabel(c('share.expires')).inputValue()).resolves.toBe('600');
    await dialog.getByRole('button', { name: c('share.create') }).click();
    const url = await dialog.locator('#share-url').inputValue();
    expect(url).toMatch(new RegExp(`/ipfs/${record.cid}\\?token=`));
    await dialog
      .getByRole('button', { name: c('share.copy') })
      .first()
      .click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(url);
    await expect(dialog.locator('.share-link-list li').count()).resolves.toBe(1);
    await checkScreen(page, 'share-dialog', { fullPage: false });

    const fresh = await launchBrowser();
    try {
      const opened = await fresh.page.goto(url);
      expect(opened?.status()).toBe(200);
      await expect(fresh.page.locator('body').innerText()).resolves.toContain(SECRET);

      const bare = await fresh.page.goto(`${server.url}/ipfs/${record.cid}`);
      expect(bare?.status()).toBe(404);
      await expect(fresh.page.locator('body').innerText()).resolves.not.toContain(SECRET);

      // Eleven minutes on, on the server's clock: the link has expired.
      const real = server.app.clock;
      const later = Date.now() + 11 * 60_000;
      server.app.clock = { now: () => later, sleep: real.sleep };
      try {
        const expired = await fresh.page.goto(url);
        expect(expired?.status()).toBe(410);
        await expect(fresh.page.locator('body').innerText()).resolves.not.toContain(SECRET);
      } finally {
        server.app.clock = real;
      }

      // Revoked in the dialog: the link opens nothing, though it has not expired.
      expect((await fresh.page.goto(url))?.status()).toBe(200);
      await dialog.getByRole('button', { name: c('share.revoke') }).click();
      await page.getByText(c('share.revoked')).waitFor();
      await dialog.getByText(c('share.no_links')).waitFor();
      expect((await fresh.page.goto(url))?.status()).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});
