import pino from 'pino';
import type { ServerConfig } from '../config/config';

export type LogLevel = Exclude<ServerConfig['logLevel'], 'silent'>;
export type Logger = Record<LogLevel, (message: string, fields?: Record<string, unknown>) => void>;

/** Field names whose values never reach a log line. */
const SECRET = /pass(word)?|secret|token|authorization|cookie/i;

function scrub(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, SECRET.test(key) ? '[redacted]' : value]));
}

/**
 * One JSON object per line (pino), secrets redacted by field name. Lines go to stdout, or to
 * `destination` (tests read the lines back). Writes are synchronous so a line logged just before
 * the process exits is not lost.
 */
export function createLogger(level: ServerConfig['logLevel'], destination?: NodeJS.WritableStream): Logger {
  const out = pino(
    {
      level,
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ fd: 1, sync: true }),
  );
  const write =
    (at: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) =>
      out[at](scrub(fields), message);
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
