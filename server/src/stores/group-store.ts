import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { GroupRow } from '../db/schema';
import { applyUploadFilter, type UploadFilter } from './upload-filter';

export interface GroupView extends GroupRow {
  files_count: number;
}

/** Every page of the account's file list shows group membership anew: its cached pages go. */
const touchList = (trx: Db, userId: string) =>
  trx
    .updateTable('users')
    .set({ uploads_version: sql`uploads_version + 1` })
    .where('id', '=', userId)
    .execute();

/** Groups of an account's records, and which records each holds. */
export function createGroupStore(db: Db) {
  const withCount = (trx: Db) =>
    trx
      .selectFrom('groups')
      .selectAll('groups')
      .select((eb) =>
        eb
          .selectFrom('upload_groups')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('upload_groups.group_id', '=', 'groups.id')
          .as('files_count'),
      );
  const view = (row: GroupRow & { files_count: number | string | null }): GroupView => ({
    ...row,
    files_count: Number(row.files_count ?? 0),
  });

  return {
    async insert(row: GroupRow): Promise<void> {
      await db.insertInto('groups').values(row).execute();
    },

    async find(userId: string, id: string): Promise<GroupView | undefined> {
      const row = await withCount(db).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return row && view(row);
    },

    /** A page of the account's groups by name, with a substring of the name when searched; only one group when `onlyId` is given. */
    async list(
      userId: string,
      offset: number,
      limit: number,
      search?: string,
      onlyId: string | null = null,
    ): Promise<{ rows: GroupView[]; total: number }> {
      let base = db.selectFrom('groups').where('user_id', '=', userId);
      if (onlyId !== null) base = base.where('id', '=', onlyId);
      if (search) {
        const escaped = search.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase();
        base = base.where(sql<boolean>`lower(name) like ${`%${escaped}%`} escape '\\'`);
      }
      const ids = base.select('id');
      const [rows, counted] = await Promise.all([
        withCount(db).where('groups.id', 'in', ids).orderBy('name').orderBy('id').limit(limit).offset(offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return { rows: rows.map(view), total: Number(counted?.n ?? 0) };
    },

    /** False when the group is gone (deleted meanwhile). */
    async rename(userId: string, id: string, name: string): Promise<boolean> {
      const result = await db.updateTable('groups').set({ name }).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Deletes the group and (by cascade) its memberships, never its records; `before` runs first in its transaction. False when it was gone already. */
    async delete(userId: string, id: string, before?: (trx: Db) => Promise<void>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await before?.(trx);
        const result = await trx.deleteFrom('groups').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
        await touchList(trx, userId);
        return Number(result.numDeletedRows) === 1;
      });
    },

    /** How many of these ids are records of the account. */
    async ownedCount(trx: Db, userId: string, uploadIds: string[]): Promise<number> {
      const row = await trx
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('id', 'in', uploadIds)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Adds records of the account to its group: by id (the caller checked they are the account's)
     * or every record a filter matches. A record already there stays as it is, so concurrent adds
     * of one record take effect once. Answers how many were added.
     */
    async add(trx: Db, userId: string, groupId: string, target: { ids: string[] } | { filter: UploadFilter }, at: string): Promise<number> {
      const chosen =
        'ids' in target
          ? trx.selectFrom('uploads').where('user_id', '=', userId).where('id', 'in', target.ids)
          : applyUploadFilter(trx.selectFrom('uploads'), userId, target.filter);
      const result = await trx
        .insertInto('upload_groups')
        .columns(['group_id', 'upload_id', 'created_at'])
        .expression(
          chosen
            .select((eb) => [eb.val(groupId).as('group_id'), 'uploads.id as upload_id', eb.val(at).as('created_at')])
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('upload_groups as m')
                    .select('m.upload_id')
                    .where('m.group_id', '=', groupId)
                    .whereRef('m.upload_id', '=', 'uploads.id'),
                ),
              ),
            ),
        )
        .onConflict((oc) => oc.columns(['group_id', 'upload_id']).doNothing())
        .executeTakeFirst();
      await touchList(trx, userId);
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /** Removes records from a group (by id, or every record a filter matches); answers how many were in it. */
    async remove(trx: Db, userId: string, groupId: string, target: { ids: string[] } | { filter: UploadFilter }): Promise<number> {
      const chosen =
        'ids' in target
          ? trx.selectFrom('uploads').select('uploads.id').where('user_id', '=', userId).where('id', 'in', target.ids)
          : applyUploadFilter(trx.selectFrom('uploads'), userId, target.filter).select('uploads.id');
      const result = await trx
        .deleteFrom('upload_groups')
        .where('group_id', '=', groupId)
        .where('upload_id', 'in', chosen)
        .executeTakeFirst();
      await touchList(trx, userId);
      return Number(result.numDeletedRows);
    },

    /** Whether the record is in the group (read inside `trx` when given). */
    async holds(groupId: string, uploadId: string, trx: Db = db): Promise<boolean> {
      const row = await trx
        .selectFrom('upload_groups')
        .select('upload_id')
        .where('group_id', '=', groupId)
        .where('upload_id', '=', uploadId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The groups a record is in, by name. */
    groupsOf: (uploadId: string): Promise<Pick<GroupRow, 'id' | 'name'>[]> =>
      db
        .selectFrom('upload_groups')
        .innerJoin('groups', 'groups.id', 'upload_groups.group_id')
        .select(['groups.id', 'groups.name'])
        .where('upload_groups.upload_id', '=', uploadId)
        .orderBy('groups.name')
        .execute(),

    /** Puts one record in a group of its account, inside `trx`; nothing when the group is gone. */
    async join(trx: Db, userId: string, groupId: string, uploadId: string, at: string): Promise<void> {
      await trx
        .insertInto('upload_groups')
        .columns(['group_id', 'upload_id', 'created_at'])
        .expression(
          trx
            .selectFrom('groups')
            .select((eb) => ['groups.id as group_id', eb.val(uploadId).as('upload_id'), eb.val(at).as('created_at')])
            .where('groups.id', '=', groupId)
            .where('groups.user_id', '=', userId),
        )
        .onConflict((oc) => oc.columns(['group_id', 'upload_id']).doNothing())
        .execute();
    },
  };
}
