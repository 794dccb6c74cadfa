import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import type { ServerConfig } from './config/config';
import { createContext, type AppContext } from './context';
import type { Logger } from './lib/logger';

export interface RunningServer {
  app: AppContext;
  server: http.Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Builds the context and listens; `port: 0` picks a free port (tests). */
export async function startServer(config: ServerConfig, logger?: Logger): Promise<RunningServer> {
  const app = await createContext(config, logger);
  const koa = createApp(app);
  const server = http.createServer(koa.callback());
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return {
    app,
    server,
    port,
    url: `http://${host}:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}
