import type { BootstrapResult } from '../commands/admin/admin-bootstrapper';
import type { ServerConfig } from '../config/config';
import type { RunningServer } from '../server';

/**
 * The fields of the `Cairn is running` log line: where it answers (`url`, the address links point
 * at; `port`, the one it listens on), where its data is, and on what.
 */
export function startFields(config: ServerConfig, running: Pick<RunningServer, 'app' | 'port'>): Record<string, unknown> {
  return {
    url: running.app.selfUrl,
    port: running.port,
    dataDir: config.dataDir,
    database: config.db.driver === 'pg' ? 'postgresql' : 'sqlite',
    engine: config.content.engine,
    ...(config.s3 ? { s3Port: config.s3.port } : {}),
  };
}

/**
 * What a person who started the server from a terminal reads there (never a log line): the
 * address, and on the very first start the login of the first admin, which only this terminal and
 * the file in the data directory ever show.
 */
export function startBanner(config: ServerConfig, running: Pick<RunningServer, 'app'>, admin: BootstrapResult | null): string {
  const lines = [
    '',
    `Cairn is running at ${running.app.selfUrl}`,
    `  data: ${config.dataDir} (${config.db.driver === 'pg' ? 'PostgreSQL' : 'SQLite'})`,
    ...(config.s3 ? [`  S3 API: port ${config.s3.port} (region ${config.s3.region})`] : []),
  ];
  if (admin?.generatedPassword) {
    lines.push(`  first admin login: ${admin.email} / ${admin.generatedPassword}`);
    lines.push(`  (also in ${admin.passwordFile}: sign in, change it under Settings, then delete that file)`);
  } else if (admin?.created) {
    lines.push(`  admin account created: ${admin.email}`);
  }
  return `${lines.join('\n')}\n\n`;
}
