import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './paths';

export const WIDE = { width: 1280, height: 800 };
export const NARROW = { width: 390, height: 844 };

export interface E2eBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Chromium from the system, in a fresh profile, headless. `hostRules` maps host names for this
 * browser alone (`MAP *.gw.cairn.test 127.0.0.1`), never through the system's DNS.
 */
export async function launchBrowser(options: { locale?: string; hostRules?: string } = {}): Promise<E2eBrowser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: WIDE,
    locale: options.locale ?? 'en-US',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.hostRules ? [`--host-resolver-rules=${options.hostRules}`] : []),
    ],
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(10_000);
  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Saves `<name>-1280.png` and `<name>-390.png` into e2e/screenshots. `prepare` runs after each
 * resize, for state that differs by width (opening the drawer or the dropdown). Dialogs are shot
 * at viewport size (`fullPage: false`): a full-page capture would cut their fixed backdrop.
 */
export async function screenshots(
  page: Page,
  name: string,
  prepare?: (width: number) => Promise<void>,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize() ?? WIDE;
  for (const size of [WIDE, NARROW]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await prepare?.(size.width);
    await page.waitForTimeout(250);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${size.width}.png`),
      fullPage: options.fullPage ?? true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(original);
}

/**
 * An `afterEach` hook that keeps a full-page screenshot of a failed test in e2e/screenshots, as
 * `FAILED-<prefix><test name>.png`. `page` is read when a test ends (the browser starts later).
 */
export function screenshotOnFailure(page: () => Page | undefined, prefix = '') {
  return async (context: { task: { name: string; result?: { state?: string } } }) => {
    if (context.task.result?.state !== 'fail') return;
    const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    await page()
      ?.screenshot({ path: path.join(SCREENSHOT_DIR, `FAILED-${prefix}${name}.png`), fullPage: true })
      .catch(() => undefined);
  };
}
