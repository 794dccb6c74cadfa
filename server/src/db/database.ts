import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DbConfig } from '../config/config';
import { createLogger, type Logger } from '../lib/logger';
import { privateDir, privateFile } from '../lib/private-files';
import type { Database } from './schema';
import { addReader } from './fast/reader';
import { withStatementCache } from './fast/statement-cache';

export type Db = Kysely<Database>;

/** The driver's own handle under a Db, for a library that speaks to the database itself. */
export type RawConnection = { driver: 'pg'; pool: pg.Pool } | { driver: 'sqlite'; sqlite: SQLite.Database };
const rawConnections = new WeakMap<Db, RawConnection>();

export function rawConnectionOf(db: Db): RawConnection {
  const raw = rawConnections.get(db);
  if (!raw) throw new Error('not a database opened by createDb');
  return raw;
}

/** Reads PostgreSQL BIGINT (OID 20) as a JS number: byte counts stay far below 2^53. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

export function createDb(config: DbConfig, logger: Pick<Logger, 'warn'> = createLogger('warn')): Db {
  if (config.driver === 'pg') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10, types: pgTypes as pg.CustomTypesConfig });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool discards it and the next query opens a fresh one.
    pool.on('error', (error) => logger.warn('idle PostgreSQL connection closed', { error: error.message }));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    rawConnections.set(db, { driver: 'pg', pool });
    return db;
  }
  privateDir(path.dirname(config.file));
  privateFile(config.file, [`${config.file}-wal`, `${config.file}-shm`]);
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A second connection for the hottest reads (see fast/precompiled.ts): in WAL mode it reads the last
  // committed state beside the writer, without waiting behind a transaction the writer holds open.
  const reader = new SQLite(config.file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, [reader]) }) });
  addReader(db, reader);
  rawConnections.set(db, { driver: 'sqlite', sqlite });
  return db;
}
