import type { Page, Request } from 'playwright-core';

/** The account's live event stream stays open as long as the page does: it is never "in flight". */
const isEventStream = (request: Request) => new URL(request.url()).pathname === '/api/v2/events';

/**
 * Playwright's `networkidle` for pages that hold the live event stream open: follows the page's
 * requests from now on, and `quiet()` waits until none but the stream has been in flight for
 * `quietMs` (bounded by `withinMs`).
 */
export function followRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', (request) => {
    if (isEventStream(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(quietMs = 500, withinMs = 10_000): Promise<void> {
      const deadline = Date.now() + withinMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) {
          throw new Error(`requests still in flight after ${withinMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
