import type SQLite from 'better-sqlite3';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { readerOf } from './reader';
import type { Database } from '../schema';

const MARK = '\u0000cairn-parameter:';

/** Stands for a named parameter while a precompiled query is built; typed as the value it stands for. */
export type Param = <T>(name: string) => T;

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each SQL parameter, the name of the caller's value, or null for a constant of the query. */
  slots: (string | null)[];
  /** On SQLite: the statement, prepared on the read-only connection. */
  statement?: SQLite.Statement;
}

/**
 * A read for the hottest paths (authentication, the file list): built with Kysely once per
 * database and compiled to that database's SQL, then run with fresh values. Building and compiling
 * costs more than running an indexed lookup, so this is what keeps a request's database work at
 * the database. On SQLite the statement runs on the read-only connection beside the writer: it
 * sees what is committed, never another request's open transaction, and does not queue behind it.
 * So: reads only, and never one that must see the caller's own uncommitted writes.
 * The query is built with markers in place of the values; every name passed to `param` must
 * reach the SQL as a parameter, or building fails loudly.
 */
export function precompiled<Values extends Record<string, unknown>, Row>(
  build: (db: Kysely<Database>, param: Param) => Compilable<Row>,
): (db: Kysely<Database>, values: Values) => Promise<Row[]> {
  const perDb = new WeakMap<Kysely<Database>, Compiled<Row>>();
  return async (db, values) => {
    let compiled = perDb.get(db);
    if (!compiled) {
      compiled = compile(db, build);
      perDb.set(db, compiled);
    }
    const { query, slots, statement } = compiled;
    const parameters = query.parameters.map((constant, i) => {
      const name = slots[i];
      return name === null || name === undefined ? constant : values[name];
    });
    if (statement) return statement.all(parameters) as Row[];
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

function compile<Row>(db: Kysely<Database>, build: (db: Kysely<Database>, param: Param) => Compilable<Row>): Compiled<Row> {
  const names: string[] = [];
  const param = (<T>(name: string): T => {
    names.push(name);
    return `${MARK}${name}` as T;
  }) as Param;
  const query = build(db, param).compile();
  const slots = query.parameters.map((value) => (typeof value === 'string' && value.startsWith(MARK) ? value.slice(MARK.length) : null));
  for (const name of names) {
    if (!slots.includes(name)) throw new Error(`precompiled query: parameter "${name}" did not reach the SQL as a parameter`);
  }
  return { query, slots, statement: readerOf(db)?.prepare(query.sql) };
}
