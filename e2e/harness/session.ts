import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { LoginPage } from '../page-models/login-page';
import { launchBrowser, screenshotOnFailure, type E2eBrowser } from './browser';
import { apiSignup } from './content';
import { startE2eServer, type E2eServer, type E2eServerOptions } from './server';

/** What a test file's hooks set up: a server, a browser, and its page signed in as `user`. */
export interface SignedInSession {
  server: E2eServer;
  browser: E2eBrowser;
  page: Page;
}

/**
 * Registers the hooks of a test file that works as one signed-up user: before all, a fresh server
 * and browser, the account (and `prepare`, say its files), and the page signed in; a screenshot of
 * every failed test, named with `prefix`; everything stopped after all. The returned object is
 * filled in once the hooks have run.
 */
export function signedInSession(
  user: { email: string; password: string },
  prefix: string,
  options: E2eServerOptions & { prepare?: (server: E2eServer) => Promise<void> } = {},
): SignedInSession {
  const session = {} as SignedInSession;
  beforeAll(async () => {
    session.server = await startE2eServer(options);
    session.browser = await launchBrowser();
    session.page = session.browser.page;
    await apiSignup(session.server, user.email, user.password);
    await options.prepare?.(session.server);
    await (await new LoginPage(session.page).open(session.server.url)).logIn(user.email, user.password);
  });
  afterEach(screenshotOnFailure(() => session.page, prefix));
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  return session;
}
