import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expectAccessible, type AxeOptions } from './axe';
import { NARROW, WIDE } from './browser';
import { SCREENSHOT_DIR } from './paths';

/** The two widths every screen is shot at: a laptop and a phone. */
export const SCREEN_WIDTHS = [WIDE, NARROW] as const;

export interface ScreenOptions {
  /** Runs after each resize, for state that differs by width (a drawer, a dropdown, a dialog). */
  prepare?: (width: number) => Promise<void>;
  /** false for dialogs: a full-page capture would cut their fixed backdrop. Default true. */
  fullPage?: boolean;
  /** Also run axe-core at each width and fail on a serious or critical violation. */
  axe?: boolean | AxeOptions;
}

/**
 * Saves `<name>-1280.png` and `<name>-390.png` of the current page into e2e/screenshots (kept out
 * of git), then puts the viewport back as it was. With `axe`, each width is checked for
 * accessibility first. Returns the two file paths.
 */
export async function saveScreens(page: Page, name: string, options: ScreenOptions = {}): Promise<string[]> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize() ?? WIDE;
  const files: string[] = [];
  try {
    for (const size of SCREEN_WIDTHS) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      await options.prepare?.(size.width);
      // Let layout, fonts and transitions settle after the resize.
      await page.waitForTimeout(250);
      if (options.axe) {
        await expectAccessible(page, `${name} at ${size.width}px`, options.axe === true ? {} : options.axe);
      }
      const file = path.join(SCREENSHOT_DIR, `${name}-${size.width}.png`);
      await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: 'disabled' });
      files.push(file);
    }
  } finally {
    await page.setViewportSize(original);
  }
  return files;
}

/** The check every screen gets: no serious or critical axe violation at either width, and both screenshots. */
export function checkScreen(page: Page, name: string, options: Omit<ScreenOptions, 'axe'> & { axe?: AxeOptions } = {}): Promise<string[]> {
  return saveScreens(page, name, { ...options, axe: options.axe ?? true });
}
