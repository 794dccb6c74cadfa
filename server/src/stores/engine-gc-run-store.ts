import type { Db } from '../db/database';
import type { EngineGcRunRow, EngineGcStatus } from '../db/schema';

/** The record of the engine's garbage collections. */
export function createEngineGcRunStore(db: Db) {
  return {
    async start(run: Pick<EngineGcRunRow, 'id' | 'instance_id' | 'engine' | 'trigger' | 'started_at'>): Promise<EngineGcRunRow> {
      const row: EngineGcRunRow = { ...run, status: 'running', finished_at: null, blocks_removed: null, error: null };
      await db.insertInto('engine_gc_runs').values(row).execute();
      return row;
    },

    async finish(
      id: string,
      end: { status: Exclude<EngineGcStatus, 'running'>; finishedAt: string; blocksRemoved: number | null; error: string | null },
    ): Promise<void> {
      await db
        .updateTable('engine_gc_runs')
        .set({ status: end.status, finished_at: end.finishedAt, blocks_removed: end.blocksRemoved, error: end.error })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Ends the runs still marked running: called by the holder of the collection lease, so they
     * are those of collectors that died.
     */
    async endAbandoned(now: string, error: string): Promise<number> {
      const result = await db
        .updateTable('engine_gc_runs')
        .set({ status: 'failed', finished_at: now, error })
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async recent(limit: number): Promise<EngineGcRunRow[]> {
      return db.selectFrom('engine_gc_runs').selectAll().orderBy('started_at', 'desc').orderBy('id').limit(limit).execute();
    },

    /** The run that ended last; undefined before the first. */
    async lastFinished(): Promise<Pick<EngineGcRunRow, 'status' | 'finished_at'> | undefined> {
      return db
        .selectFrom('engine_gc_runs')
        .select(['status', 'finished_at'])
        .where('finished_at', 'is not', null)
        .orderBy('finished_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async pruneStartedBefore(before: string): Promise<number> {
      const result = await db
        .deleteFrom('engine_gc_runs')
        .where('started_at', '<', before)
        .where('status', '!=', 'running')
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
