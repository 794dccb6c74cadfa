import './content/polyfills';
import { adminBootstrapper } from './commands/admin/admin-bootstrapper';
import { buildConfig, ConfigError } from './config/config';
import { readEnv } from './config/env';
import { createLogger } from './lib/logger';
import { startServer } from './server';

/** Requests in flight get this long to finish once a stop signal arrives. */
const REQUEST_GRACE_MS = 5_000;
const EXIT_DEADLINE_MS = 9_000;

async function main() {
  let config;
  try {
    config = buildConfig(readEnv());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`cairn: configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const bootstrap: { admin?: Awaited<ReturnType<typeof adminBootstrapper>> } = {};
  // The first admin exists before the port answers: nobody can sign up first and race it.
  const running = await startServer(config, logger, async (app) => {
    bootstrap.admin = await adminBootstrapper(app);
  });
  const { admin } = bootstrap;
  process.stdout.write(`\nCairn is running at ${running.app.selfUrl}\n`);
  process.stdout.write(`  data: ${config.dataDir} (${config.db.driver === 'pg' ? 'PostgreSQL' : 'SQLite'})\n`);
  if (admin?.generatedPassword) {
    process.stdout.write(`  first admin login: ${admin.email} / ${admin.generatedPassword}\n`);
    process.stdout.write('  (shown once: sign in and change it under Settings)\n');
  } else if (admin?.created) {
    process.stdout.write(`  admin account created: ${admin.email}\n`);
  }
  process.stdout.write('\n');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    // Whatever hangs, the process is gone within EXIT_DEADLINE_MS of the signal.
    setTimeout(() => {
      logger.error('shutdown took too long, exiting', { signal });
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    try {
      await running.close(REQUEST_GRACE_MS);
      logger.info('stopped', { signal });
      process.exit(0);
    } catch (error) {
      logger.error('shutdown failed', { error: String(error) });
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`cairn: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
