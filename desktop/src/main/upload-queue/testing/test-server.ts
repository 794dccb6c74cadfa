import { createClient } from '../../../../../server/test/client';
import type { TestServer } from '../../../../../server/test/harness';
import type { RestartableServer } from './live-server';

/** The running server shaped like the API suites' test server, for the factories (tests only). */
export function testServerOf(live: RestartableServer): TestServer {
  const running = live.running();
  return { ...running, config: live.config(), dataDir: live.dataDir, api: createClient(running.url), close: () => live.stop() };
}
