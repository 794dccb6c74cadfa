import { Migrator } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations/index';

/** Brings the schema up to date; safe to call on every start and from several instances. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown');
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
