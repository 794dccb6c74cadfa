import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildConfig, type ServerConfig } from '../../../../../server/src/config/config';
import { createLogger } from '../../../../../server/src/lib/logger';
import { startServer, type RunningServer } from '../../../../../server/src/server';
import { createClient } from '../../../../../server/test/client';
import type { TestServer } from '../../../../../server/test/harness';

/**
 * A real Cairn server (SQLite, embedded IPFS) that can be stopped and started again on the same
 * port and data folder, as a server restart looks to a desktop app.
 */
export class RestartableServer {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-desktop-queue-'));
  #config: ServerConfig | null = null;
  #running: RunningServer | null = null;

  async start(): Promise<TestServer> {
    const base = buildConfig({
      port: String(this.#config?.port ?? 0),
      host: '127.0.0.1',
      dataDir: this.dataDir,
      logLevel: 'error',
      staticDir: '',
    });
    const config: ServerConfig = {
      ...base,
      signupLimits: { perIp: 10_000, windowSeconds: 3600 },
      argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    };
    const running = await startServer(config, createLogger('error'));
    this.#running = running;
    this.#config = { ...config, port: running.port };
    return this.server();
  }

  /** The running server, shaped like the API suites' test server (for the factories). */
  server(): TestServer {
    const running = this.#running;
    if (!running || !this.#config) throw new Error('the server is not running');
    return { ...running, config: this.#config, dataDir: this.dataDir, api: createClient(running.url), close: () => this.stop() };
  }

  async stop(): Promise<void> {
    const running = this.#running;
    this.#running = null;
    await running?.close();
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
