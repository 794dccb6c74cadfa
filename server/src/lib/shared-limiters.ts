import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type SQLite from 'better-sqlite3';
import { rawConnectionOf, type Db } from '../db/database';
import { AppError } from './errors';

/** Where rate-limiter-flexible keeps its counters (migration 0033). */
const TABLE = 'request_limits';

/**
 * rate-limiter-flexible's limiters, counted in this deployment's database so that every instance
 * shares them: on PostgreSQL through the server's pool, on SQLite through its writer connection
 * (a second writer could wait on the first's lock with the event loop blocked). One limiter per
 * prefix, points and window, made once.
 */
export class SharedLimiters {
  private readonly made = new Map<string, RateLimiterAbstract>();

  constructor(private readonly db: Db) {}

  /** At most `points` per `windowSeconds` for each key under `prefix`. */
  of(prefix: string, points: number, windowSeconds: number): RateLimiterAbstract {
    const name = `${prefix}|${points}|${windowSeconds}`;
    let limiter = this.made.get(name);
    if (!limiter) {
      limiter = this.make(prefix, points, windowSeconds);
      this.made.set(name, limiter);
    }
    return limiter;
  }

  private make(keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
    // Once a key is refused, this instance refuses it from memory until its window ends: a client
    // hammering past its limit costs no query per request.
    const options = { keyPrefix, points, duration, tableName: TABLE, tableCreated: true, inMemoryBlockOnConsumed: points + 1 };
    const raw = rawConnectionOf(this.db);
    if (raw.driver === 'pg') return new RateLimiterPostgres({ ...options, storeClient: raw.pool, storeType: 'pool' });
    return new RateLimiterSQLite({ ...options, storeClient: this.sqliteClient(raw.sqlite), storeType: 'better-sqlite3' });
  }

  private sqliteStatements = new Map<string, SQLite.Statement>();

  /**
   * The writer connection as the library uses it, for a few SQL texts: each prepared once, and
   * its one-statement upsert run without BEGIN and COMMIT around it (a statement is atomic on its
   * own), which would cost more than the upsert. While another request holds a transaction open on
   * the connection, a count joins it and is lost if it rolls back: a limit may let one more
   * request through, never refuse one more.
   */
  private sqliteClient(sqlite: SQLite.Database) {
    const statements = this.sqliteStatements;
    return {
      prepare(text: string): SQLite.Statement {
        let statement = statements.get(text);
        if (!statement || statement.busy) {
          statement = sqlite.prepare(text);
          statements.set(text, statement);
        }
        return statement;
      },
      transaction: <F extends (...args: never[]) => unknown>(work: F): F => work,
    };
  }
}

/** 429 `rate_limited` with `Retry-After` and the RateLimit headers of the limit that was reached. */
export function rateLimited(limit: number, refusal: RateLimiterRes, message = 'Too many requests, try again later'): AppError {
  const retryAfter = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
  return new AppError(429, 'rate_limited', message, undefined, {
    'Retry-After': String(retryAfter),
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': '0',
    'RateLimit-Reset': String(retryAfter),
  });
}

/**
 * Spends one point of `key`; throws 429 when the limit is reached. A failure of the store itself
 * is thrown as it is (the caller decides whether to let the request through).
 */
export async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string, message?: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) throw rateLimited(limiter.points, refusal, message);
    throw refusal;
  }
}
