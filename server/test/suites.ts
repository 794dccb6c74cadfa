import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../src/config/config';
import { startBillingServer, type BillingServer } from './billing';
import { createAdmin, type TestUser } from './factories';
import { startTestServer, type Driver, type TestServer } from './harness';

/*
 * Servers for a whole `describe` block: started in its `beforeAll`, closed in its `afterAll`. The
 * fields are set once the block's tests begin, so read them in hooks and tests, never while the
 * block is being declared.
 */

export interface ServerSuite {
  server: TestServer;
}

export interface WithAdmin {
  /** An administrator of the suite's server, signed in. */
  admin: TestUser;
}

export interface BillingSuite extends ServerSuite {
  /** The same server with its Stripe stand-in, for the billing helpers. */
  billing: BillingServer;
}

/** A test server on `driver` for the enclosing suite. */
export function serverSuite(driver: Driver, config?: Partial<ServerConfig>): ServerSuite {
  const suite = {} as ServerSuite;
  beforeAll(async () => {
    suite.server = await startTestServer({ driver, config });
  });
  afterAll(() => suite.server?.close());
  return suite;
}

/** A test server on `driver` paying through the local Stripe stand-in, for the enclosing suite. */
export function billingSuite(driver: Driver, config?: Partial<ServerConfig>): BillingSuite {
  const suite = {} as BillingSuite;
  beforeAll(async () => {
    suite.billing = await startBillingServer(driver, config);
    suite.server = suite.billing.server;
  });
  afterAll(() => suite.billing?.close());
  return suite;
}

/** Adds an administrator of the suite's server, signed in before the suite's tests. */
export function withAdmin<S extends ServerSuite>(suite: S): S & WithAdmin {
  const extended = suite as S & WithAdmin;
  beforeAll(async () => {
    extended.admin = await createAdmin(suite.server);
  });
  return extended;
}
