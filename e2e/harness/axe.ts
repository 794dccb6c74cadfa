import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The impacts that fail a screen: moderate and minor findings are left to review. */
const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];

export interface AxeOptions {
  /** Only check inside this selector (a dialog, say); default the whole document. */
  include?: string;
  /** Rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[];
}

/**
 * Puts axe-core into the page unless it is already there (it survives until the next navigation).
 * Evaluated through the DevTools protocol rather than a script tag, which Cairn's
 * Content-Security-Policy (`script-src 'self'`) rightly blocks.
 */
export async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(fs.readFileSync(AXE_SOURCE, 'utf8'));
}

/** Runs axe-core on the current page and returns every violation, whatever its impact. */
export async function runAxe(page: Page, options: AxeOptions = {}): Promise<Result[]> {
  await injectAxe(page);
  const results = await page.evaluate(
    async ({ include, disableRules }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe;
      const rules = Object.fromEntries((disableRules ?? []).map((id) => [id, { enabled: false }]));
      return axe.run(include ? { include: [include] } : document, { rules, resultTypes: ['violations'] });
    },
    { include: options.include, disableRules: options.disableRules },
  );
  return results.violations;
}

/** One line per failing element: rule, impact, help text and the element's selector and HTML. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `[${violation.impact}] ${violation.id}: ${violation.help}\n    at ${node.target.join(' ')}\n    ${node.html.slice(0, 200)}` +
          (node.failureSummary ? `\n    ${node.failureSummary.replace(/\n/g, '\n    ')}` : ''),
      ),
    )
    .join('\n');
}

/**
 * Fails (throws) when the page has any serious or critical accessibility violation, listing every
 * one of them. `screen` names the page in the message.
 */
export async function expectAccessible(page: Page, screen: string, options: AxeOptions = {}): Promise<void> {
  const violations = (await runAxe(page, options)).filter((violation) => violation.impact && BLOCKING.includes(violation.impact));
  if (violations.length > 0) {
    const elements = violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
    throw new Error(
      `${screen}: ${violations.length} serious or critical accessibility rule(s) broken by ${elements} element(s)\n${describeViolations(violations)}`,
    );
  }
}
