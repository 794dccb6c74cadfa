import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from './harness/axe';
import { en } from './harness/locales';
import { signedInSession } from './harness/session';

/**
 * The public API pages and the app's dialogs pass every axe rule, whatever its impact: the
 * landmarks a screen reader jumps between stay unique with a dialog open.
 */

const USER = { email: 'ada.landmarks@example.com', password: 'ada-password-1' };

const session = signedInSession(USER, 'docs-accessibility-');

async function expectNoViolations(where: string): Promise<void> {
  const violations = await runAxe(session.page);
  expect(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
}

describe('accessibility of the API pages and the dialogs', () => {
  it('/docs: every code block can be scrolled from the keyboard', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/docs`);
    await page.locator('pre').first().waitFor();
    await expectNoViolations('/docs');
  });

  it('/docs/swagger: the explorer, with an operation open', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/docs/swagger`);
    await page.locator('.opblock').first().waitFor();
    await expectNoViolations('/docs/swagger');
    await page.locator('.opblock-summary-control').first().click();
    await page.locator('.opblock-body').first().waitFor();
    await expectNoViolations('/docs/swagger with an operation open');
  });

  it('a dialog adds no second banner or content-info landmark', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/settings/tokens`);
    await page
      .getByRole('button', { name: en('settings', 'tokens.new') })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    const landmarks = (await runAxe(page)).filter((violation) => violation.id.startsWith('landmark'));
    expect(landmarks, describeViolations(landmarks)).toEqual([]);
  });
});
