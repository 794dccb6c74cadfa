import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentConfig } from '../server/src/config/content-config';
import { startEngine, type EngineUnderTest } from '../server/test/engines';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './harness/browser';
import { checkScreen } from './harness/screens';
import { ADMIN, startE2eServer, type E2eServer } from './harness/server';
import { a, AdminConsole, af } from './page-models/admin-console';
import { LoginPage } from './page-models/login-page';

let engine: EngineUnderTest;
let server: E2eServer;
let browser: E2eBrowser;
let page: Page;
let admin: AdminConsole;

beforeAll(async () => {
  engine = await startEngine('kubo');
  const content = contentConfig({ contentEngine: 'kubo', kuboApiUrl: engine.kubo!.apiUrl }, (message) => {
    throw new Error(message);
  });
  server = await startE2eServer({ content });
  browser = await launchBrowser();
  page = browser.page;
  admin = new AdminConsole(page, server.url);
  await new LoginPage(page).open(server.url).then((loginPage) => loginPage.logIn(ADMIN.email, ADMIN.password));
}, 120_000);

afterEach(screenshotOnFailure(() => page, 'admin-engine-gc-'));

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await engine?.stop();
});

describe('admin console: garbage collection of the kubo engine', () => {
  it('shows the schedule, collects now on request and lists the run', async () => {
    await admin.open('content-jobs');
    const panel = page.locator('[data-panel="engine-gc"]');
    await panel.getByRole('heading', { level: 2, name: a('engine_gc.title') }).waitFor();
    await panel.getByText(af('engine_gc.schedule_other', { count: 24 })).waitFor();
    await panel.getByText(a('engine_gc.no_runs')).waitFor();

    await panel.getByRole('button', { name: a('engine_gc.collect_now') }).click();
    await admin.message(a('engine_gc.started')).waitFor();
    const run = panel.locator('tbody tr');
    await expect.poll(() => run.count()).toBe(1);
    await run.getByText(a('engine_gc.status_done')).waitFor({ timeout: 15_000 });
    expect(await run.textContent()).toContain(a('engine_gc.trigger_admin'));
    await panel.getByRole('button', { name: a('engine_gc.collect_now') }).waitFor();
    await checkScreen(page, 'admin-engine-gc');

    const [stored] = await server.app.stores.engineGcRuns.recent(1);
    expect(stored).toMatchObject({ trigger: 'admin', status: 'done' });
  });
});
