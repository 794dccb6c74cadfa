import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiToken } from './harness/content';
import { en, translation } from './harness/locales';
import { checkScreen } from './harness/screens';
import { signedInSession } from './harness/session';

/** The API page shows every SDK's install command and quick start, read from sdks/snippets. */

const SNIPPETS = path.resolve(import.meta.dirname, '..', 'sdks', 'snippets');
const manifest = JSON.parse(fs.readFileSync(path.join(SNIPPETS, 'index.json'), 'utf8')) as {
  id: string;
  title: string;
  file: string;
  install: string;
}[];
const USER = { email: 'ada.snippets@example.com', password: 'ada-password-1' };

const session = signedInSession(USER, 'api-docs-snippets-');

describe('SDK quick starts on the API page', () => {
  it('has a tab per SDK and the CLI, each showing its install command and the quick start CI runs', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/api-docs`);
    const section = page.getByRole('region', { name: en('docs', 'sdk_title') });
    await section.getByRole('tab').first().waitFor();
    await expect(section.getByRole('tab').allInnerTexts()).resolves.toEqual(manifest.map((s) => s.title));
    await expect(section.innerText()).resolves.toContain(en('docs', 'sdk_intro').replace('{{origin}}', server.url));

    for (const snippet of manifest) {
      const tab = section.getByRole('tab', { name: snippet.title, exact: true });
      await tab.click();
      await expect(tab.getAttribute('aria-selected')).resolves.toBe('true');
      const panel = section.getByRole('tabpanel');
      const code = fs.readFileSync(path.join(SNIPPETS, snippet.file), 'utf8').trim();
      await expect(panel.locator('pre code').nth(0).textContent()).resolves.toBe(snippet.install);
      await expect(panel.locator('pre code').nth(1).textContent()).resolves.toBe(code);
      await expect(panel.innerText()).resolves.toContain(en('docs', `sdk_notes.${snippet.id}`));
    }
    // Accessible (axe) and laid out at a laptop's and a phone's width.
    await checkScreen(page, 'screen-api-docs-sdks');
  });

  it('shows the notes in the reader’s language', async () => {
    const { page, server } = session;
    const token = await apiToken(server, USER.email, USER.password);
    expect((await server.api('PUT', '/users/me/preferences', token, { language: 'de', country: 'US' })).status).toBe(200);
    await page.evaluate(() => localStorage.setItem('cairn:language', 'de'));
    await page.goto(`${server.url}/api-docs`);
    const title = translation('de', 'docs', 'sdk_title');
    const section = page.getByRole('region', { name: title });
    await section.getByRole('tab', { name: 'Go', exact: true }).click();
    await expect(section.getByRole('tabpanel').innerText()).resolves.toContain(translation('de', 'docs', 'sdk_notes.go'));
  });
});
