import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { answerClientErrors } from './lib/client-errors';
import { createApp } from './app';
import type { ServerConfig } from './config/config';
import { registerInstance } from './commands/maintenance/lib/instance-registry';
import { createContext, type AppContext } from './context';
import type { Logger } from './lib/logger';

export interface RunningServer {
  app: AppContext;
  server: http.Server;
  url: string;
  port: number;
  /**
   * Begins to drain: `/readyz` answers 503 (`server: draining`) while every request is still
   * served, each answer closing its connection, so that a load balancer moves away before `close`.
   */
  drain(): void;
  /** Stops: no new connections, requests in flight get `graceMs` to finish (uploads abort at once). */
  close(graceMs?: number): Promise<void>;
}

/** Builds the context and listens; `port: 0` picks a free port (tests). */
export async function startServer(
  config: ServerConfig,
  logger?: Logger,
  beforeListen?: (app: AppContext) => Promise<void>,
): Promise<RunningServer> {
  const app = await createContext(config, logger);
  try {
    await beforeListen?.(app);
  } catch (error) {
    await app.close();
    throw error;
  }
  const handle = createApp(app).callback();
  const server = http.createServer((req, res) => {
    // A client (a load balancer's pool) keeping this connection would send here again after the drain.
    if (app.draining) res.setHeader('Connection', 'close');
    void handle(req, res);
  });
  answerClientErrors(server);
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const host = wildcard ? '127.0.0.1' : config.host;
  app.selfUrl = config.publicUrl ?? `http://${wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;
  // Where the other instances reach this one: a wildcard listener is reached by the host's name.
  const reachable = wildcard ? os.hostname() : host;
  const listening = `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
  let stopBeating: () => void;
  try {
    stopBeating = await registerInstance(app, config.internalUrl ?? listening);
  } catch (error) {
    await new Promise((resolve) => server.close(resolve));
    await app.close();
    throw error;
  }
  return {
    app,
    server,
    port,
    url: `http://${host}:${port}`,
    drain() {
      app.draining = true;
      server.closeIdleConnections();
    },
    async close(graceMs = 0) {
      // Stop accepting, let requests in flight finish for up to `graceMs`, abort uploads at once.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      stopBeating();
      app.beginShutdown();
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      server.closeAllConnections();
      await closed;
      await app.close();
    },
  };
}
