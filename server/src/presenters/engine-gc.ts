import type { EngineGcRunRow } from '../db/schema';

/** A garbage collection of the engine's nodes as administrators see it. */
export function presentEngineGcRun(run: EngineGcRunRow) {
  return {
    id: run.id,
    instanceId: run.instance_id,
    trigger: run.trigger,
    status: run.status,
    startedAt: run.started_at,
    finishedAt: run.finished_at,
    blocksRemoved: run.blocks_removed === null ? null : Number(run.blocks_removed),
    error: run.error,
  };
}
