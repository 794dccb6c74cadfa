import { describe, expect, it } from 'vitest';
import type { ContentStore } from '../server/src/content/types';
import { apiSignup, apiToken, apiUpload } from './harness/content';
import { signedInSession } from './harness/session';
import { FilesScreen, PinScreen } from './page-models/content-pages';

/** The screens follow the account's live events: no reload, and no polling while the stream is up. */

const USER = { email: 'live@example.com', password: 'live-events-1' };
const OTHER = { email: 'source@example.com', password: 'live-events-2' };
const session = signedInSession(USER, 'live-events-');

/** A gate a pin of one CID waits at, opened by the test. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('live events in the UI', () => {
  it('shows a pin moving queued → pinning → pinned with no reload and no request for the job', async () => {
    const { page, server } = session;
    await apiSignup(server, OTHER.email, OTHER.password);
    const source = await apiToken(server, OTHER.email, OTHER.password);
    const blocker = await apiUpload(server, source, 'blocker.txt', 'held first');
    const target = await apiUpload(server, source, 'target.txt', 'pinned through the UI');
    // The engine waits at a gate per CID: the test decides when each pin may finish.
    const gates = new Map([
      [blocker.cid, gate()],
      [target.cid, gate()],
    ]);
    const content: ContentStore = server.app.content;
    const pin = content.pin.bind(content);
    // The server gives up a pin after 3 s; these wait at their gates for as long as the test needs.
    const config = server.app.config as { pinTimeoutMs: number };
    const timeout = config.pinTimeoutMs;
    config.pinTimeoutMs = 60_000;
    content.pin = async (cid, options) => {
      await gates.get(cid)?.opened;
      return pin(cid, options);
    };
    try {
      const token = await apiToken(server, USER.email, USER.password);
      // The account runs one pin at a time: with this one held, the UI's pin waits queued.
      const held = await server.api('POST', '/pins', token, { cid: blocker.cid });
      expect(held.status).toBe(202);

      const screen = await new PinScreen(page).open(server.url);
      const jobRequests: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/v2\/pins\/[^/?]+/.test(new URL(request.url()).pathname)) jobRequests.push(request.url());
      });
      // Every status the screen shows, as it shows it, and a mark a reload would wipe.
      await page.evaluate(() => {
        const seen: string[] = [];
        Object.assign(window, { pinStatuses: seen, notReloaded: true });
        new MutationObserver(() => {
          const status = document.querySelector('[data-pin-status]')?.getAttribute('data-pin-status');
          if (status && seen[seen.length - 1] !== status) seen.push(status);
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-pin-status'] });
      });
      const statuses = () => page.evaluate(() => (window as unknown as { pinStatuses: string[] }).pinStatuses);

      await screen.pin(target.cid, { original: 'target.txt' });
      await expect.poll(statuses, { timeout: 15_000 }).toContain('queued');
      gates.get(blocker.cid)!.open();
      await expect.poll(statuses, { timeout: 15_000 }).toContain('pinning');
      gates.get(target.cid)!.open();
      await screen.result().waitFor({ timeout: 15_000 });
      expect(await screen.result().locator('[data-cid]').innerText()).toBe(target.cid);
      const shown = await statuses();
      expect(shown.filter((status) => status !== 'starting')).toEqual(['queued', 'pinning']);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect(jobRequests).toEqual([]);
    } finally {
      for (const { open } of gates.values()) open();
      content.pin = pin;
      config.pinTimeoutMs = timeout;
    }
  });

  it('shows a file another client uploads in the open file list, without a reload', async () => {
    const { page, server } = session;
    const files = await new FilesScreen(page).open(server.url);
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    const token = await apiToken(server, USER.email, USER.password);
    await apiUpload(server, token, 'from-the-api.txt', 'uploaded by a script');
    await files.row('from-the-api.txt').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});
