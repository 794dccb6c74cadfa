import type { Db } from '../db/database';
import { lockAccount, lockedInPg } from '../db/locks';
import type { IpnsKeyRow, IpnsPublicationRow, IpnsRecordRow } from '../db/schema';

/** A name of an account with the record in force, if it was published. */
export type IpnsKeyWithRecord = IpnsKeyRow & {
  value: string | null;
  sequence: string | null;
  record_ttl_seconds: number | null;
  valid_until: string | null;
  published_at: string | null;
};

/** What a publication writes: the signed record and its history row. */
export interface RecordWrite {
  name: string;
  record: string;
  value: string;
  sequence: string;
  ttl_seconds: number;
  valid_until: string;
  key_id: string | null;
  updated_at: string;
}

/** IPNS keys of accounts, the signed records the server answers, and the history of each name. */
export function createIpnsStore(db: Db) {
  const withRecord = (query: Db) =>
    query
      .selectFrom('ipns_keys')
      .leftJoin('ipns_records', 'ipns_records.name', 'ipns_keys.name')
      .selectAll('ipns_keys')
      .select([
        'ipns_records.value',
        'ipns_records.sequence',
        'ipns_records.ttl_seconds as record_ttl_seconds',
        'ipns_records.valid_until',
        'ipns_records.updated_at as published_at',
      ]);

  return {
    listKeys: (userId: string): Promise<IpnsKeyWithRecord[]> =>
      withRecord(db).where('ipns_keys.user_id', '=', userId).orderBy('ipns_keys.created_at').orderBy('ipns_keys.id').execute(),

    findKey: (userId: string, id: string): Promise<IpnsKeyWithRecord | undefined> =>
      withRecord(db).where('ipns_keys.user_id', '=', userId).where('ipns_keys.id', '=', id).executeTakeFirst(),

    keyById: (id: string): Promise<IpnsKeyRow | undefined> =>
      db.selectFrom('ipns_keys').selectAll().where('id', '=', id).executeTakeFirst(),

    findKeyByName: (name: string): Promise<IpnsKeyRow | undefined> =>
      db.selectFrom('ipns_keys').selectAll().where('name', '=', name).executeTakeFirst(),

    /** Inserts the key unless the account has `max` already; the account row is locked first so concurrent creations cannot all pass the count. */
    async insertKeyWithin(row: IpnsKeyRow, max: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, row.user_id);
        const { n } = await trx
          .selectFrom('ipns_keys')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', row.user_id)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return false;
        await trx.insertInto('ipns_keys').values(row).execute();
        return true;
      });
    },

    async relabel(userId: string, id: string, label: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('ipns_keys')
        .set({ label, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The TTL and validity the republisher keeps for the name: those of its latest publication. */
    async keepTiming(keyId: string, ttlSeconds: number, validityHours: number): Promise<void> {
      await db.updateTable('ipns_keys').set({ ttl_seconds: ttlSeconds, validity_hours: validityHours }).where('id', '=', keyId).execute();
    },

    /** The key, and with it (by cascade) its record and history. */
    async deleteKey(userId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const key = await trx.selectFrom('ipns_keys').select('name').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
        if (!key) return false;
        await trx.deleteFrom('ipns_records').where('name', '=', key.name).execute();
        await trx.deleteFrom('ipns_publications').where('key_id', '=', id).execute();
        await trx.deleteFrom('ipns_keys').where('id', '=', id).execute();
        return true;
      });
    },

    findRecord: (name: string): Promise<IpnsRecordRow | undefined> =>
      db.selectFrom('ipns_records').selectAll().where('name', '=', name).executeTakeFirst(),

    /**
     * Writes a record in `trx` after `decide` saw the one held (locked on PostgreSQL; SQLite writes
     * one at a time), so two writers of one name take turns: `decide` returns the record to write
     * (and the history row, for a name an account holds), or null to write nothing.
     */
    async writeRecord<T>(
      name: string,
      decide: (
        held: IpnsRecordRow | undefined,
      ) => Promise<{ record: RecordWrite; publication?: IpnsPublicationRow; result: T } | { result: T }>,
    ): Promise<T> {
      return db.transaction().execute(async (trx) => {
        const key = await lockedInPg(trx, trx.selectFrom('ipns_keys').select('id').where('name', '=', name)).executeTakeFirst();
        const held = await lockedInPg(trx, trx.selectFrom('ipns_records').selectAll().where('name', '=', name)).executeTakeFirst();
        const decision = await decide(held);
        if (!('record' in decision)) return decision.result;
        const { record, publication } = decision;
        if (held) {
          await trx
            .updateTable('ipns_records')
            .set({ ...record, announced_at: null })
            .where('name', '=', name)
            .execute();
        } else {
          await trx
            .insertInto('ipns_records')
            .values({ ...record, key_id: key?.id ?? null, announced_at: null })
            .execute();
        }
        if (publication) await trx.insertInto('ipns_publications').values(publication).execute();
        return decision.result;
      });
    },

    history: (keyId: string, limit: number): Promise<IpnsPublicationRow[]> =>
      db
        .selectFrom('ipns_publications')
        .selectAll()
        .where('key_id', '=', keyId)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    findPublication: (keyId: string, sequence: string): Promise<IpnsPublicationRow | undefined> =>
      db.selectFrom('ipns_publications').selectAll().where('key_id', '=', keyId).where('sequence', '=', sequence).executeTakeFirst(),

    /** Records of accounts' names that run out before `before`, soonest first. */
    expiringBefore: (before: string, limit: number): Promise<(IpnsRecordRow & { key_id: string })[]> =>
      db
        .selectFrom('ipns_records')
        .selectAll()
        .where('key_id', 'is not', null)
        .where('valid_until', '<', before)
        .orderBy('valid_until')
        .limit(limit)
        .execute() as Promise<(IpnsRecordRow & { key_id: string })[]>,

    /** Records not yet handed to the IPFS network since they changed, oldest first. */
    unannounced: (limit: number): Promise<IpnsRecordRow[]> =>
      db.selectFrom('ipns_records').selectAll().where('announced_at', 'is', null).orderBy('updated_at').limit(limit).execute(),

    async markAnnounced(name: string, record: string, at: string): Promise<void> {
      await db.updateTable('ipns_records').set({ announced_at: at }).where('name', '=', name).where('record', '=', record).execute();
    },
  };
}
