/** A unique-constraint violation, as SQLite (better-sqlite3) or PostgreSQL (23505) reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/i.test(e.message ?? '');
}

/** A foreign-key violation (a row pointing at one deleted meanwhile), as SQLite or PostgreSQL (23503) reports it. */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23503' || e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || /FOREIGN KEY constraint/i.test(e.message ?? '');
}

/** PostgreSQL chose this transaction to undo (40P01): nothing of it was written, it may run again. */
export function isDeadlock(error: unknown): boolean {
  return (error as { code?: string }).code === '40P01';
}

/** Runs `write` (one whole transaction) again when PostgreSQL undid it to break a deadlock, at most five times in all. */
export async function retryOnDeadlock<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isDeadlock(error) || attempt === 5) throw error;
    }
  }
}
