import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildConfig, NO_REQUEST_LIMITS, type ServerConfig } from '../../../../../server/src/config/config';
import { createLogger } from '../../../../../server/src/lib/logger';
import { startServer, type RunningServer } from '../../../../../server/src/server';

/**
 * A real Cairn server (SQLite, embedded IPFS) that can be stopped and started again on the same
 * port and data folder, as a server restart looks to a desktop app. Free of test-runner imports,
 * so the benchmarks run it too.
 */
export class RestartableServer {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-desktop-queue-'));
  #config: ServerConfig | null = null;
  #running: RunningServer | null = null;

  async start(): Promise<RunningServer> {
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
      requestLimits: NO_REQUEST_LIMITS,
      argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    };
    const running = await startServer(config, createLogger('error'));
    this.#running = running;
    this.#config = { ...config, port: running.port };
    return running;
  }

  running(): RunningServer {
    if (!this.#running) throw new Error('the server is not running');
    return this.#running;
  }

  config(): ServerConfig {
    if (!this.#config) throw new Error('the server never started');
    return this.#config;
  }

  /** Signs a new account up through the API and returns its session token. */
  async signUp(): Promise<{ userId: string; token: string }> {
    const email = `queue-${crypto.randomUUID()}@example.com`;
    const password = 'queue-password-1';
    const post = async (route: string, body: unknown) => {
      const answer = await fetch(new URL(route, this.running().url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!answer.ok) throw new Error(`${route}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as { user: { id: string }; token: string };
    };
    const signup = await post('/api/v2/auth/signup', {
      email,
      password,
      name: 'Queue',
      lastname: 'Run',
      country: 'GB',
      birthDate: '01/01/1990',
      language: 'en',
    });
    return { userId: signup.user.id, token: (await post('/api/v2/auth/login', { email, password })).token };
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
