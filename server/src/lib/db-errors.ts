/** A unique-constraint violation, as SQLite (better-sqlite3) or PostgreSQL (23505) reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/i.test(e.message ?? '');
}
