import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const MAX_STATEMENTS = 500;

/**
 * better-sqlite3 seen through Kysely, with each SQL text prepared once: Kysely prepares on every
 * query, which costs more than running the indexed lookups of a typical request. Reuse is safe
 * because the connection runs one query at a time; a statement still busy (a stream being read)
 * is never handed out twice. Closing it closes `alsoClose` too (connections that live beside it).
 */
export function withStatementCache(database: SQLite.Database, alsoClose: SQLite.Database[] = []): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = database.prepare(sql);
      if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      for (const other of alsoClose) other.close();
      database.close();
    },
  };
}
