import type { Db } from '../db/database';

/** Rows written per round trip while a DAG is recorded. */
const BATCH = 500;

/** The blocks of DAGs that private records hold (0025). */
export function createHiddenBlockStore(db: Db) {
  return {
    async add(rootCid: string, blockCids: string[]): Promise<void> {
      for (let i = 0; i < blockCids.length; i += BATCH) {
        const rows = blockCids.slice(i, i + BATCH).map((block_cid) => ({ root_cid: rootCid, block_cid }));
        await db
          .insertInto('hidden_blocks')
          .values(rows)
          .onConflict((c) => c.columns(['root_cid', 'block_cid']).doNothing())
          .execute();
      }
    },

    /** Whether the root's blocks are recorded already (its root block is always among them). */
    has: async (rootCid: string): Promise<boolean> =>
      (await db
        .selectFrom('hidden_blocks')
        .select('root_cid')
        .where('root_cid', '=', rootCid)
        .where('block_cid', '=', rootCid)
        .executeTakeFirst()) !== undefined,

    /**
     * Whether a block lies inside the DAG of a root that no public record holds: one indexed read.
     * A block also inside someone's public DAG is hidden too when asked for by its own CID; it is
     * served under that public root's path.
     */
    isHidden: async (blockCid: string): Promise<boolean> =>
      (await db
        .selectFrom('hidden_blocks as h')
        .select('h.root_cid')
        .where('h.block_cid', '=', blockCid)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('uploads as u').select('u.id').whereRef('u.cid', '=', 'h.root_cid').where('u.private', '=', 0))),
        )
        .limit(1)
        .executeTakeFirst()) !== undefined,

    /** Drops a root's rows once no private record holds it. */
    async releaseUnlessPrivate(rootCid: string): Promise<void> {
      await db
        .deleteFrom('hidden_blocks')
        .where('root_cid', '=', rootCid)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('uploads').select('id').where('cid', '=', rootCid).where('private', '=', 1))),
        )
        .execute();
    },
  };
}
