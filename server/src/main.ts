import './content/polyfills';
import { adminBootstrapper } from './commands/admin-bootstrapper';
import { buildConfig, ConfigError } from './config/config';
import { readEnv } from './config/env';
import { createLogger } from './lib/logger';
import { startServer } from './server';

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
  const running = await startServer(config, logger);
  const admin = await adminBootstrapper(running.app);
  const shown = config.publicUrl ?? `http://localhost:${running.port}`;
  process.stdout.write(`\nCairn is running at ${shown}\n`);
  process.stdout.write(`  data: ${config.dataDir} (${config.db.driver === 'pg' ? 'PostgreSQL' : 'SQLite'})\n`);
  if (admin?.generatedPassword) {
    process.stdout.write(`  first admin login: ${admin.email} / ${admin.generatedPassword}\n`);
    process.stdout.write('  (shown once: sign in and change it under Settings)\n');
  } else if (admin?.created) {
    process.stdout.write(`  admin account created: ${admin.email}\n`);
  }
  process.stdout.write('\n');

  const stop = async (signal: string) => {
    logger.info('shutting down', { signal });
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`cairn: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
