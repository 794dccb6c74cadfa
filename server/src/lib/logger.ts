import type { ServerConfig } from '../config/config';

export type LogLevel = Exclude<ServerConfig['logLevel'], 'silent'>;
export type Logger = Record<LogLevel, (message: string, fields?: Record<string, unknown>) => void>;

const ORDER: Record<ServerConfig['logLevel'], number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
/** Field names whose values never reach a log line. */
const SECRET = /pass(word)?|secret|token|authorization|cookie/i;

function scrub(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, SECRET.test(key) ? '[redacted]' : value]));
}

/** One JSON object per line on stdout/stderr, secrets redacted by field name. */
export function createLogger(level: ServerConfig['logLevel']): Logger {
  const write =
    (at: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[at] < ORDER[level]) return;
      const line = JSON.stringify({ time: new Date().toISOString(), level: at, message, ...scrub(fields) });
      (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
