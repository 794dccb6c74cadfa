import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { answerClientErrors } from './lib/client-errors';
import { createApp } from './app';
import { createS3App } from './s3/app';
import type { ServerConfig } from './config/config';
import { registerInstance } from './commands/maintenance/lib/instance-registry';
import { createContext, type AppContext } from './context';
import type { Logger } from './lib/logger';

export interface RunningServer {
  app: AppContext;
  server: http.Server;
  url: string;
  port: number;
  /** The S3-compatible API's address, when `S3_PORT` turned it on. */
  s3Url: string | null;
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
  const server = listener(app, createApp(app).callback());
  const s3 = config.s3 ? listener(app, createS3App(app).callback()) : null;
  try {
    await listen(server, config.port, config.host);
    if (s3 && config.s3) {
      await listen(s3, config.s3.port, config.host);
      // Asked for any free port (0): the one it got is the one to tell clients.
      config.s3.port = (s3.address() as AddressInfo).port;
    }
  } catch (error) {
    await closeAll([server, s3]);
    await app.close();
    throw error;
  }
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
    await closeAll([server, s3]);
    await app.close();
    throw error;
  }
  const servers = s3 ? [server, s3] : [server];
  return {
    app,
    server,
    port,
    url: `http://${host}:${port}`,
    s3Url: s3 && config.s3 ? `http://${host.includes(':') ? `[${host}]` : host}:${config.s3.port}` : null,
    drain() {
      app.draining = true;
      for (const each of servers) each.closeIdleConnections();
    },
    async close(graceMs = 0) {
      // Stop accepting, let requests in flight finish for up to `graceMs`, abort uploads at once.
      const closed = Promise.all(servers.map((each) => new Promise<void>((resolve) => each.close(() => resolve()))));
      stopBeating();
      app.beginShutdown();
      for (const each of servers) each.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      for (const each of servers) each.closeAllConnections();
      await closed;
      await app.close();
    },
  };
}

/** An HTTP server for one of the apps (the main one, the S3 API), with the same timeouts and drain. */
function listener(app: AppContext, handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>): http.Server {
  const server = http.createServer((req, res) => {
    // A client (a load balancer's pool) keeping this connection would send here again after the drain.
    if (app.draining) res.setHeader('Connection', 'close');
    void handle(req, res);
  });
  answerClientErrors(server);
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  return server;
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

async function closeAll(servers: (http.Server | null)[]): Promise<void> {
  await Promise.all(servers.map((server) => (server?.listening ? new Promise((resolve) => server.close(resolve)) : undefined)));
}
