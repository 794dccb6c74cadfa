import pino from 'pino';
import type { ServerConfig } from '../config/config';

export type LogLevel = Exclude<ServerConfig['logLevel'], 'silent'>;
export type Logger = Record<LogLevel, (message: string, fields?: Record<string, unknown>) => void>;

/** Field names whose values never reach a log line, at any depth. */
const SECRET = /pass(word)?|secret|token|authorization|cookie/i;
/** Deeper than this a field is cut: a log line is no place for a whole document. */
const MAX_DEPTH = 6;

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** A copy of `value` with every secret-named field redacted, in nested objects and arrays too. */
function scrub(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  if (depth > MAX_DEPTH) return '[too deep]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1, seen));
    // An error's message and code say what went wrong; its own fields are scrubbed like any other.
    if (value instanceof Error) return scrubFields({ ...value, name: value.name, message: value.message }, depth, seen);
    return isPlainObject(value) ? scrubFields(value, depth, seen) : value;
  } finally {
    seen.delete(value);
  }
}

function scrubFields(fields: Record<string, unknown>, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, SECRET.test(key) ? '[redacted]' : scrub(value, depth + 1, seen)]),
  );
}

/**
 * One JSON object per line (pino), secrets redacted by field name at any depth. Lines go to stdout,
 * or to `destination` (tests read the lines back). Writes are synchronous so a line logged just
 * before the process exits is not lost.
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
      out[at](scrubFields(fields, 0, new WeakSet()), message);
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
