import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './harness/axe';
import { en } from './harness/locales';
import { signedInSession } from './harness/session';

/** While a screen's data is on its way, its heading stands and a skeleton holds the place of its content. */

const USER = { email: 'ada.loading@example.com', password: 'ada-password-1' };

const session = signedInSession(USER, 'loading-states-');

describe('loading states', () => {
  it('shows the page heading and a skeleton, not a spinner, until the data comes', async () => {
    const { page, server } = session;
    // The usage answer is held until the test has looked at the page without it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v2/users/me/usage', async (route: Route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${server.url}/usage`);
      await page.getByRole('heading', { level: 1, name: en('common', 'screens.usage.title') }).waitFor();
      const skeleton = page.getByRole('status').filter({ has: page.locator('.skeleton-line') });
      await skeleton.waitFor();
      expect(await skeleton.locator('.skeleton-line').count()).toBe(3);
      // Its label is for screen readers: it takes no room on the page.
      const label = page.getByText(en('common', 'states.loading'), { exact: true });
      expect(await label.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
      expect(await page.locator('.spinner').count()).toBe(0);
      await expectAccessible(page, 'usage while loading');
    } finally {
      const answered = page.waitForResponse('**/api/v2/users/me/usage');
      release();
      await answered;
      await page.unroute('**/api/v2/users/me/usage');
    }
    await page.getByRole('heading', { level: 2, name: en('content', 'usage.storage') }).waitFor();
    // The bandwidth chart asks for its own figures: its skeleton goes when they come, and none stays.
    await expect.poll(() => page.locator('.skeleton').count(), { timeout: 10_000 }).toBe(0);
  });
});
