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

    /**
     * Which of these CIDs the gateway refuses and `userId` may not take from this node's own blocks:
     * inside the DAG of a root no public record holds and no record of `userId` holds, and not
     * themselves held publicly as a root.
     */
    async hiddenFrom(userId: string, blockCids: string[]): Promise<string[]> {
      const found: string[] = [];
      for (let i = 0; i < blockCids.length; i += BATCH) {
        const rows = await db
          .selectFrom('hidden_blocks as h')
          .select('h.block_cid')
          .distinct()
          .where('h.block_cid', 'in', blockCids.slice(i, i + BATCH))
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('uploads as u')
                  .select('u.id')
                  .whereRef('u.cid', '=', 'h.root_cid')
                  .where((u) => u.or([u('u.private', '=', 0), u('u.user_id', '=', userId)])),
              ),
            ),
          )
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('uploads as p').select('p.id').whereRef('p.cid', '=', 'h.block_cid').where('p.private', '=', 0))),
          )
          .execute();
        found.push(...rows.map((row) => row.block_cid));
      }
      return found;
    },

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
