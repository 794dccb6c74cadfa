import { PostgresAdapter, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database';
import { lockedInPg } from '../db/locks';
import { precompiled, type Param } from '../db/fast/precompiled';
import type { Category, Database, UploadRow } from '../db/schema';
import { nameOrderKey } from '../lib/name-order';
import {
  applyUploadFilter,
  boundedTotal,
  countMatching,
  isFiltered,
  matchedIdList,
  MAX_COUNTED,
  type Counted,
  type UploadFilter,
} from './upload-filter';

export interface UploadListQuery {
  userId: string;
  offset: number;
  limit: number;
  /** Matches a substring of the name or a CID prefix. */
  search?: string;
  /** The account's record count as already read (`users.uploads_count`): the total without a search. */
  count: number;
  /** How many records the search and filter match, when already known (counted at this version before). */
  counted?: Counted;
  /** Newest first unless asked otherwise. */
  sort?: 'date' | 'name' | 'size';
  order?: 'asc' | 'desc';
  /** Further filters (key-values, group, size, dates…), all applied with the search. */
  filter?: UploadFilter;
}

/** Names sort on their key (see `nameOrderKey`): numbers by value, case and accents aside. */
const SORT_COLUMNS = { date: 'created_at', name: 'name_key', size: 'size' } as const;

const ownedBy = (db: Kysely<Database>, param: Param) => db.selectFrom('uploads').where('user_id', '=', param<string>('userId'));
const matching = (db: Kysely<Database>, param: Param) =>
  ownedBy(db, param).where((eb) =>
    eb.or([
      sql<boolean>`lower(name) like ${param<string>('name')} escape '\\'`,
      sql<boolean>`cid like ${param<string>('cid')} escape '\\'`,
    ]),
  );
const page = <O>(query: SelectQueryBuilder<Database, 'uploads', O>, param: Param) =>
  query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(param<number>('limit')).offset(param<number>('offset'));

/**
 * The file list's queries, compiled once: a page of an account is the hottest read of the API. A
 * page far down the list finds its ids on the (user, created, id) index alone, reading no record it
 * skips, and only then reads its own records.
 */
const newestFirst = precompiled((db, param) =>
  db
    .selectFrom('uploads')
    .selectAll()
    .where('id', 'in', page(ownedBy(db, param).select('id'), param))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc'),
);
const matchingNewestFirst = precompiled((db, param) => page(matching(db, param).selectAll(), param));
/** At most `MAX_COUNTED + 1` matches counted: past it the total is "at least". */
const matchingCount = precompiled((db, param) =>
  db.selectFrom(matching(db, param).select('id').limit(param<number>('most')).as('m')).select((eb) => eb.fn.countAll<number>().as('n')),
);
/**
 * On PostgreSQL, every match read through the name and CID indexes first, then sorted: a search's
 * matches may all be old records (`file-10` among a million), which a walk newest first would
 * reach only after reading the whole account. Used when they are few (counted, at most `MAX_COUNTED`).
 * Only the ids and dates are kept and sorted: the page's records are read after (`recordsOf`).
 */
const matchesSorted = precompiled((db, param) =>
  db
    .with(
      (cte) => cte('m').materialized(),
      () => matching(db, param).select(['id', 'created_at']),
    )
    .selectFrom('m')
    .select('id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(param<number>('limit'))
    .offset(param<number>('offset')),
);
/**
 * On PostgreSQL, the page and the count at once: at most `MAX_COUNTED + 1` matches read through the
 * indexes, each row of the page with how many that is. The page is right when they are not more
 * than counted.
 */
const pageOfFew = precompiled((db, param) =>
  db
    .with(
      (cte) => cte('m').materialized(),
      () => matching(db, param).select(['id', 'created_at']).limit(param<number>('most')),
    )
    .selectFrom('m')
    .select('id')
    .select((eb) => eb.selectFrom('m').select(eb.fn.countAll<number>().as('n')).as('matches'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(param<number>('limit'))
    .offset(param<number>('offset')),
);
/** The records of a page found by id, newest first. */
async function recordsOf(db: Db, ids: { id: string }[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('uploads')
    .selectAll()
    .where(
      'id',
      'in',
      ids.map((row) => row.id),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows as UploadRow[];
}
/**
 * On PostgreSQL, when many match: the page among the account's newest `window` records, walked in
 * order. A full page there is the page; else the matches are rare in that window and are read
 * through the indexes instead (`matchesSorted`).
 */
const matchingInWindow = precompiled((db, param) =>
  db
    .selectFrom(ownedBy(db, param).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(param<number>('window')).as('w'))
    .selectAll()
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(w.name) like ${param<string>('name')} escape '\\'`,
        sql<boolean>`w.cid like ${param<string>('cid')} escape '\\'`,
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(param<number>('limit'))
    .offset(param<number>('offset')),
);
/** How many of the account's newest records a page of many matches is looked for in, per row of the page and those before it. */
const WINDOW_PER_ROW = 20;
/** The most records a page of many matches walks before reading the matches through the indexes instead. */
const MAX_WINDOW = 50_000;

/** Past this many matches a page walks the records in order (see `sorted`). */
const DENSE_FROM = 1000;

async function sorted(
  db: Db,
  query: UploadListQuery,
  column: (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS],
  order: 'asc' | 'desc',
): Promise<{ rows: UploadRow[]; counted: Counted }> {
  const filter: UploadFilter = { ...query.filter, search: query.search };
  const { ids: fresh, ...counted }: Counted & { ids?: string[] } =
    query.counted ?? (isFiltered(filter) ? await countMatching(db, query.userId, filter, DENSE_FROM) : { total: Number(query.count) });
  // Few matches: read them through the indexes (the ids first when the key-values and group match
  // few: those just counted, else read again for a count kept from an earlier page) and sort them.
  // Many: walk the records in order and check each, so a page is found after a few rows (see
  // `applyUploadFilter`).
  const dense = counted.total > DENSE_FROM;
  const few = !dense && counted.matched !== undefined && counted.matched <= DENSE_FROM;
  const ids = few ? (fresh ?? (await matchedIdList(db, query.userId, filter))) : undefined;
  // The page's ids first (on the order's index alone when nothing else is asked), then its records.
  const pageIds = applyUploadFilter(db.selectFrom('uploads'), query.userId, filter, { dense, ids, db })
    .select('uploads.id')
    .orderBy(`uploads.${column}`, order)
    .orderBy('uploads.id', order)
    .limit(query.limit)
    .offset(query.offset);
  const rows = await db.selectFrom('uploads').selectAll().where('id', 'in', pageIds).orderBy(column, order).orderBy('id', order).execute();
  return { rows: rows as UploadRow[], counted };
}

export function createUploadStore(db: Db) {
  return {
    async insert(trx: Db, row: UploadRow): Promise<void> {
      await trx
        .insertInto('uploads')
        .values({ ...row, name_key: nameOrderKey(row.name) })
        .execute();
    },

    /** Whether the account holds a record of any of these spellings of one CID. */
    async holdsCid(userId: string, cids: string[]): Promise<boolean> {
      const row = await db
        .selectFrom('uploads')
        .select('id')
        .where('user_id', '=', userId)
        .where('cid', 'in', cids)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    findForUser: (userId: string, id: string): Promise<UploadRow | undefined> =>
      db.selectFrom('uploads').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    findByCidForUser: (userId: string, cid: string): Promise<UploadRow | undefined> =>
      db.selectFrom('uploads').selectAll().where('user_id', '=', userId).where('cid', '=', cid).executeTakeFirst(),

    nameTaken: async (userId: string, name: string, exceptId?: string): Promise<boolean> => {
      let query = db.selectFrom('uploads').select('id').where('user_id', '=', userId).where('name', '=', name);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** A page of the account's records, and how many match (to be kept and given back as `counted` for its next page). */
    async list(query: UploadListQuery): Promise<{ rows: UploadRow[]; counted: Counted }> {
      const sort = query.sort ?? 'date';
      const order = query.order ?? 'desc';
      // Another order than the default: built per call (the precompiled queries keep the hot path).
      if (sort !== 'date' || order !== 'desc' || (query.filter && isFiltered(query.filter)))
        return sorted(db, query, SORT_COLUMNS[sort], order);
      if (!query.search) {
        const rows = await newestFirst(db, { userId: query.userId, limit: query.limit, offset: query.offset });
        return { rows, counted: { total: Number(query.count) } };
      }
      // Case-insensitive and with an explicit escape character, so both databases match alike.
      const escaped = query.search.replace(/[\\%_]/g, (c) => `\\${c}`);
      const values = { userId: query.userId, name: `%${escaped.toLowerCase()}%`, cid: `${escaped}%` };
      const at = { limit: query.limit, offset: query.offset };
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
        // SQLite has no index of names: it walks the account newest first, which finds a page soonest.
        const [rows, counted] = await Promise.all([
          matchingNewestFirst(db, { ...values, ...at }),
          query.counted ?? matchingCount(db, { ...values, most: MAX_COUNTED + 1 }).then(([row]) => boundedTotal(Number(row?.n ?? 0))),
        ]);
        return { rows, counted };
      }
      let counted = query.counted;
      if (!counted) {
        // Few matches (the common search): one query answers the page and the count.
        const few = await pageOfFew(db, { ...values, ...at, most: MAX_COUNTED + 1 });
        const n = few[0] ? Number(few[0].matches) : Number((await matchingCount(db, { ...values, most: MAX_COUNTED + 1 }))[0]?.n ?? 0);
        counted = boundedTotal(n);
        if (!counted.atLeast) return { rows: await recordsOf(db, few), counted };
      } else if (!counted.atLeast) return { rows: await recordsOf(db, await matchesSorted(db, { ...values, ...at })), counted };
      const window = Math.min((query.offset + query.limit) * WINDOW_PER_ROW, MAX_WINDOW);
      const walked = await matchingInWindow(db, { ...values, ...at, window });
      if (walked.length === query.limit) return { rows: walked, counted };
      return { rows: await recordsOf(db, await matchesSorted(db, { ...values, ...at })), counted };
    },

    /**
     * Writes a record's key-values as `meta` (all of them), given what they were: the JSON column
     * and the rows the list filters on change together in `trx`.
     */
    async writeMeta(
      trx: Db,
      upload: Pick<UploadRow, 'id' | 'user_id'>,
      before: Record<string, string>,
      meta: Record<string, string>,
    ): Promise<void> {
      await trx
        .updateTable('uploads')
        .set({ meta: JSON.stringify(meta) })
        .where('id', '=', upload.id)
        .execute();
      const gone = Object.keys(before).filter((key) => !(key in meta));
      if (gone.length > 0) await trx.deleteFrom('upload_meta').where('upload_id', '=', upload.id).where('key', 'in', gone).execute();
      const changed = Object.entries(meta).filter(([key, value]) => before[key] !== value);
      if (changed.length === 0) return;
      await trx
        .insertInto('upload_meta')
        .values(changed.map(([key, value]) => ({ upload_id: upload.id, user_id: upload.user_id, key, value })))
        .onConflict((oc) => oc.columns(['upload_id', 'key']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
        .execute();
    },

    /** False when the record is gone (deleted meanwhile). */
    async rename(id: string, name: string): Promise<boolean> {
      const result = await db
        .updateTable('uploads')
        .set({ name, custom_name: name, name_source: 'custom', name_key: nameOrderKey(name) })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Deletes a record and answers what it was charged, or undefined when it was gone already:
     * of several deletes of one record racing (on any instance), exactly one gets it back, so
     * exactly one refunds it.
     */
    async delete(trx: Db, id: string): Promise<{ chargedBytes: number } | undefined> {
      const row = await trx.deleteFrom('uploads').where('id', '=', id).returning('charged_bytes').executeTakeFirst();
      return row ? { chargedBytes: Number(row.charged_bytes) } : undefined;
    },

    /**
     * The account's record of a CID, locked until `trx` ends: whoever decides whether a record
     * stays (a remote pin removed) and whoever stands on it (a pin recorded, an upload of the same
     * content) take their turns.
     */
    lockByCid: (trx: Db, userId: string, cid: string): Promise<UploadRow | undefined> =>
      lockedInPg(trx, trx.selectFrom('uploads').selectAll().where('user_id', '=', userId).where('cid', '=', cid)).executeTakeFirst(),

    /** A record by id, locked until `trx` ends (see `lockByCid`). */
    lockById: (trx: Db, id: string): Promise<UploadRow | undefined> =>
      lockedInPg(trx, trx.selectFrom('uploads').selectAll().where('id', '=', id)).executeTakeFirst(),

    /** The account now holds this content itself: the record stays when its remote pins go. */
    async adopt(trx: Db, id: string): Promise<void> {
      await trx.updateTable('uploads').set({ owned: 1 }).where('id', '=', id).where('owned', '=', 0).execute();
    },

    /**
     * Deletes a record that nothing stands on any more: not owned by its account, no pinned
     * Pinning Service API request of the account recorded on it, and no replaced request's hold
     * whose successor's job is still queued or pinning (but `exceptHoldsOf`, whose holds are being
     * settled). True when this call deleted it.
     */
    async deleteUnreferenced(trx: Db, id: string, exceptHoldsOf: string | null = null): Promise<boolean> {
      const result = await trx
        .deleteFrom('uploads')
        .where('id', '=', id)
        .where('owned', '=', 0)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('psa_pins as p')
                .innerJoin('pin_jobs as j', 'j.id', 'p.job_id')
                .select('p.requestid')
                .whereRef('j.upload_id', '=', 'uploads.id')
                .where('j.status', '=', 'pinned'),
            ),
          ),
        )
        .where((eb) => {
          let holds = eb
            .selectFrom('jobs as h')
            .innerJoin('pin_jobs as s', 's.id', 'h.pin_job_id')
            .select('h.id')
            .whereRef('h.upload_id', '=', 'uploads.id')
            .where('s.status', 'in', ['queued', 'pinning']);
          if (exceptHoldsOf) holds = holds.where('s.id', '!=', exceptHoldsOf);
          return eb.not(eb.exists(holds));
        })
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Gives every directory record of `cid` this category (a directory's category is that of its files). */
    async setDirectoryCategory(cid: string, category: Category): Promise<void> {
      await db.updateTable('uploads').set({ category }).where('cid', '=', cid).where('type', '=', 'directory').execute();
    },

    /** How many records of any account reference this CID. */
    async referenceCount(trx: Db, cid: string): Promise<number> {
      const row = await trx
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('cid', '=', cid)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Whether any account holds this CID: the gateway serves only such content. */
    async isHeld(cid: string): Promise<boolean> {
      return (await db.selectFrom('uploads').select('id').where('cid', '=', cid).limit(1).executeTakeFirst()) !== undefined;
    },

    /** Who holds a CID as a root: `public` when any record of it is public, `private` when all are, else `none`. One indexed read. */
    async visibility(cid: string): Promise<'public' | 'private' | 'none'> {
      const row = await db.selectFrom('uploads').select('private').where('cid', '=', cid).orderBy('private').limit(1).executeTakeFirst();
      if (!row) return 'none';
      return Number(row.private) === 0 ? 'public' : 'private';
    },

    /** Which of these records are private. */
    async privateAmong(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('uploads').select('id').where('id', 'in', ids).where('private', '=', 1).execute();
      return new Set(rows.map((row) => row.id));
    },

    /** False when the record is gone. */
    async setPrivate(id: string, value: boolean, trx: Db = db): Promise<boolean> {
      const result = await trx
        .updateTable('uploads')
        .set({ private: value ? 1 : 0 })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
