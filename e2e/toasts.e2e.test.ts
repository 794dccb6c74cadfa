import { describe, expect, it } from 'vitest';
import { apiToken, apiUpload } from './harness/content';
import { en } from './harness/locales';
import { signedInSession } from './harness/session';
import { FilesScreen } from './page-models/content-pages';

/** A toast never covers the page header's own buttons, nor the top bar's, at a laptop's or a phone's width. */

const USER = { email: 'ada.toasts@example.com', password: 'ada-password-1' };

const session = signedInSession(USER, 'toasts-', {
  prepare: async (server) => void (await apiUpload(server, await apiToken(server, USER.email, USER.password), 'toast.txt', 'a toast')),
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('toasts', () => {
  for (const width of [1280, 390]) {
    it(`at ${width} px, appear clear of the page header's actions and the top bar`, async () => {
      const { page, server } = session;
      await page.setViewportSize({ width, height: 800 });
      // Toasts fade in place instead of sliding in: their box is where they rest from the start.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const files = await new FilesScreen(page).open(server.url);
      await files.row('toast.txt').waitFor();
      // Copying the CID says so (or says why not) in a toast.
      await files.choose('toast.txt', 'copy_cid');
      const toast = page.locator('.toaster [role="status"]').first();
      await toast.waitFor();
      const toastBox = (await toast.boundingBox())!;
      const uploadBox = (await page
        .locator('.page-header')
        .getByRole('link', { name: en('content', 'files.upload') })
        .boundingBox())!;
      const topBar = (await page.locator('.topbar').boundingBox())!;
      expect(overlaps(toastBox, uploadBox), `toast ${JSON.stringify(toastBox)} over Upload ${JSON.stringify(uploadBox)}`).toBe(false);
      expect(overlaps(toastBox, topBar), `toast ${JSON.stringify(toastBox)} over the top bar ${JSON.stringify(topBar)}`).toBe(false);
      await toast.waitFor({ state: 'detached' });
    });
  }
});
