import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

const readers = new WeakMap<Kysely<Database>, SQLite.Database>();

/** Keeps the read-only SQLite connection opened beside `db`'s writer, for the precompiled reads. */
export function addReader(db: Kysely<Database>, reader: SQLite.Database): void {
  readers.set(db, reader);
}

/** The read-only SQLite connection beside `db`'s writer, or undefined (PostgreSQL). */
export function readerOf(db: Kysely<Database>): SQLite.Database | undefined {
  return readers.get(db);
}
