import { describe, expect, it } from 'vitest';
import { formatBytes } from '../desktop/src/renderer/src/lib/units';
import { apiToken, apiUpload } from './harness/content';
import { en } from './harness/locales';
import { checkScreen } from './harness/screens';
import { signedInSession } from './harness/session';
import { FilesScreen } from './page-models/content-pages';

/** Gateway bandwidth: a file downloaded through the gateway shows on the usage page and in its details. */

const USER = { email: 'downloads@example.com', password: 'downloads-password' };
const BYTES = 48 * 1024;
let cid = '';
const session = signedInSession(USER, 'bandwidth-', {
  prepare: async (server) => {
    const token = await apiToken(server, USER.email, USER.password);
    cid = (
      await apiUpload(
        server,
        token,
        'report.bin',
        new Uint8Array(BYTES).map((_, i) => i % 241),
      )
    ).cid;
  },
});
const b = (key: string) => en('bandwidth', key);

describe('bandwidth of files', () => {
  it('shows the bytes a download sent, as a figure, a bar per day and the top file, and in the file details', async () => {
    const { page, server } = session;
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.url}/ipfs/${cid}`);
      expect((await res.arrayBuffer()).byteLength).toBe(BYTES);
    }
    // Counted in memory as each answer closes; written by the next flush (every 5 s), which the test runs now.
    await expect
      .poll(async () => (await server.app.bandwidth.standing((await server.app.stores.users.findByEmail(USER.email))!.id)).usedBytes)
      .toBe(2 * BYTES);
    await server.app.bandwidth.flush();

    await page.goto(`${server.url}/usage`);
    const section = page.locator('[data-bandwidth]');
    await section.getByRole('heading', { name: b('title') }).waitFor();
    await expect(section.locator('[data-bandwidth-used]').textContent()).resolves.toBe(formatBytes(2 * BYTES, 'en'));
    await section.getByText(b('unlimited')).waitFor();
    // The chart: an SVG labelled for assistive technology, and its figures as a table.
    await section.getByRole('img', { name: b('chart_title') }).waitFor();
    await checkScreen(page, 'usage-bandwidth');
    await section.getByText(en('admin', 'charts.show_figures')).click();
    await section
      .getByRole('cell', { name: formatBytes(2 * BYTES, 'en'), exact: true })
      .first()
      .waitFor();
    // The most downloaded file links to it.
    const link = section.locator('[data-bandwidth-top]').getByRole('link', { name: 'report.bin' });
    await link.click();
    const files = new FilesScreen(page);
    await files.row('report.bin').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(cid);

    await files.choose('report.bin', 'info');
    const info = files.infoDialog();
    await info
      .locator('[data-file-bandwidth]')
      .getByRole('img', { name: b('file_title') })
      .waitFor();
    await expect(info.locator('[data-file-bandwidth]').textContent()).resolves.toContain(formatBytes(2 * BYTES, 'en'));
    await checkScreen(page, 'file-details-bandwidth', { fullPage: false });
  });
});
