import './content/polyfills';
import { adminBootstrapper } from './commands/admin/admin-bootstrapper';
import { buildConfig, ConfigError, type ServerConfig } from './config/config';
import { readEnv } from './config/env';
import { createLogger, type Logger } from './lib/logger';
import { startBanner, startFields } from './ops/start-banner';
import { stopOnSignals } from './ops/shutdown';
import { startServer } from './server';

/** A terminal a person started the server from, if any: the only place for text that is not a log line. */
const terminal = process.stdout.isTTY ? process.stdout : process.stderr.isTTY ? process.stderr : null;

/** Whatever Node itself would print as plain text (a warning, an error nobody caught) becomes a log line. */
function logProcessEvents(logger: Logger): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => logger.warn('process warning', { name: warning.name, warning: warning.message }));
  process.on('uncaughtException', (error) => {
    logger.error('uncaught exception', { error: error.stack ?? String(error) });
    process.exit(1);
  });
}

async function main() {
  let config: ServerConfig;
  try {
    config = buildConfig(readEnv());
  } catch (error) {
    if (error instanceof ConfigError) {
      createLogger('error').error('configuration error', { error: error.message });
      terminal?.write(`cairn: configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  logProcessEvents(logger);
  const bootstrap: { admin?: Awaited<ReturnType<typeof adminBootstrapper>> } = {};
  // The first admin exists before the port answers: nobody can sign up first and race it.
  const running = await startServer(config, logger, async (app) => {
    bootstrap.admin = await adminBootstrapper(app);
  }).catch((error: unknown) => {
    logger.error('failed to start', { error: error instanceof Error ? error.message : String(error) });
    terminal?.write(`cairn: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
  const { admin } = bootstrap;
  logger.info('Cairn is running', startFields(config, running));
  // The password itself never goes to a log line: it is in the file the line names.
  if (admin?.passwordFile) logger.info('first admin created', { email: admin.email, loginFile: admin.passwordFile });
  else if (admin?.created) logger.info('admin account created', { email: admin.email });
  terminal?.write(startBanner(config, running, admin ?? null));

  const { stop } = stopOnSignals(running, config.shutdown, logger);
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  createLogger('error').error('failed to start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
