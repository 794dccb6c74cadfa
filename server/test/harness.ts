import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildConfig, NO_REQUEST_LIMITS, type ServerConfig } from '../src/config/config';
import { createLogger } from '../src/lib/logger';
import { startServer, type RunningServer } from '../src/server';
import { createClient, type TestClient } from './client';
import { createTestDatabase } from './pg';

export type Driver = 'sqlite' | 'pg';
/** Every API suite runs once per database engine. */
export const DRIVERS: Driver[] = ['sqlite', 'pg'];

export interface TestServer extends RunningServer {
  api: TestClient;
  config: ServerConfig;
  dataDir: string;
}

export interface TestServerOptions {
  driver: Driver;
  config?: Partial<ServerConfig>;
  /**
   * Another instance of the same deployment: it shares that server's database, and has a data
   * directory of its own (the embedded engine keeps one instance per data directory).
   */
  shareWith?: TestServer;
}

/** A real Cairn server on an ephemeral loopback port, with its own data directory and database. */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const shared = options.shareWith;
  if (shared && options.driver !== 'pg') throw new Error('shareWith needs PostgreSQL: an SQLite deployment is one instance');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-test-'));
  const pgDb = options.driver === 'pg' && !shared ? await createTestDatabase() : null;
  const base = buildConfig({
    port: '0',
    host: '127.0.0.1',
    dataDir,
    logLevel: 'error',
    staticDir: '',
    ...(options.driver === 'pg' ? { databaseUrl: shared ? sharedUrl(shared) : pgDb!.url } : {}),
  });
  const config: ServerConfig = {
    ...base,
    signupLimits: { perIp: 10_000, windowSeconds: 3600 },
    // Hundreds of requests from 127.0.0.1 with one token: the request limits have tests of their own.
    requestLimits: NO_REQUEST_LIMITS,
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    // Tests touch loopback only: a webhook URL with a host name is never looked up.
    webhooksNameLookup: false,
    ...options.config,
  };
  const running = await startServer(config, createLogger(config.logLevel));
  return {
    ...running,
    config,
    dataDir,
    api: createClient(running.url),
    async close() {
      await running.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function sharedUrl(server: TestServer): string {
  if (server.config.db.driver !== 'pg') throw new Error('shareWith needs a pg server');
  return server.config.db.url;
}
