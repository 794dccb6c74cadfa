import { sql, type RawBuilder } from 'kysely';

/** Escapes LIKE wildcards so that a search term matches literally, on SQLite and PostgreSQL alike. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `lower(<column>) like '%term%'`: a case-insensitive substring match. */
export function contains(column: string, term: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(term.toLowerCase())}%`} escape '\\'`;
}

/** `<column> like 'term%'`: a case-sensitive prefix match (CIDs). */
export function startsWith(column: string, term: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${`${escapeLike(term)}%`} escape '\\'`;
}

export interface Page {
  offset: number;
  limit: number;
  search?: string;
  /** Only what belongs to this account (its records, tokens, referrals or rewards). */
  userId?: string;
}

export const countAs = (n: unknown): number => Number(n ?? 0);
