import { SqliteAdapter, sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Category, Database, UploadType } from '../db/schema';

/** The file list's filters, all applied at once (AND). */
export interface UploadFilter {
  /** A substring of the name or a CID prefix (the list's search box). */
  search?: string;
  /** A substring of the name, any case. */
  name?: string;
  /** A CID prefix. */
  cid?: string;
  type?: UploadType;
  category?: Category;
  minSize?: number;
  maxSize?: number;
  /** Created at or after (ISO date-time). */
  from?: string;
  /** Created before (ISO date-time). */
  to?: string;
  /** A group of the account (checked by the caller). */
  groupId?: string;
  /** Key equals value, for each key. */
  meta?: Record<string, string>;
  /** Key's value starts with this, for each key. */
  metaPrefix?: Record<string, string>;
  /** Key is set. */
  metaExists?: string[];
}

/** True when the filter narrows the list beyond the account's records. */
export const isFiltered = (filter: UploadFilter): boolean =>
  Object.values(filter).some((value) =>
    Array.isArray(value)
      ? value.length > 0
      : typeof value === 'object' && value !== null
        ? Object.keys(value).length > 0
        : value !== undefined && value !== '',
  );

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Above every character: `value < prefix || TOP` bounds the values that start with `prefix` (bytewise order). */
const TOP = '\u{10FFFF}';

/**
 * Narrows a query of `uploads` to the account's records the filter matches. Key-value filters go
 * through `upload_meta`'s (user, key, value) index, each as a set of record ids; a prefix is a range
 * of that index (both databases compare these columns bytewise), checked exactly beside it.
 */
export function applyUploadFilter<O>(
  query: SelectQueryBuilder<Database, 'uploads', O>,
  userId: string,
  filter: UploadFilter,
  { dense = false, ids, db }: { dense?: boolean; ids?: readonly string[]; db?: Source } = {},
): SelectQueryBuilder<Database, 'uploads', O> {
  if (dense) return applyDense(query, userId, filter);
  if (ids) {
    // The few ids the key-values and the group match, read already: the records are read by primary
    // key. SQLite, without statistics, would still walk all the account's records by `user_id` and
    // look each up among them; `+` keeps that index out.
    const owner = db !== undefined && isSqlite(db) ? sql<string>`+uploads.user_id` : sql<string>`uploads.user_id`;
    return applyColumns(query.where(owner, '=', userId), filter).where('uploads.id', 'in', ids.length > 0 ? ids : ['']);
  }
  let q = applyColumns(query.where('uploads.user_id', '=', userId), filter);
  // The key-values and the group as one set of ids, intersected on their indexes before any record is read.
  if (hasIndexed(filter)) q = q.where('uploads.id', 'in', (eb) => matchedIds(eb as unknown as Selecting, userId, filter)!);
  return q;
}

/** The filters on the record's own columns. */
function applyColumns<O>(
  query: SelectQueryBuilder<Database, 'uploads', O>,
  filter: UploadFilter,
): SelectQueryBuilder<Database, 'uploads', O> {
  let q = query;
  if (filter.search) {
    const escaped = escapeLike(filter.search);
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(uploads.name) like ${`%${escaped.toLowerCase()}%`} escape '\\'`,
        sql<boolean>`uploads.cid like ${`${escaped}%`} escape '\\'`,
      ]),
    );
  }
  if (filter.name) q = q.where(sql<boolean>`lower(uploads.name) like ${`%${escapeLike(filter.name).toLowerCase()}%`} escape '\\'`);
  if (filter.cid) q = q.where(sql<boolean>`uploads.cid like ${`${escapeLike(filter.cid)}%`} escape '\\'`);
  if (filter.type) q = q.where('uploads.type', '=', filter.type);
  if (filter.category) q = q.where('uploads.category', '=', filter.category);
  if (filter.minSize !== undefined) q = q.where('uploads.size', '>=', filter.minSize);
  if (filter.maxSize !== undefined) q = q.where('uploads.size', '<=', filter.maxSize);
  if (filter.from) q = q.where('uploads.created_at', '>=', new Date(filter.from).toISOString());
  if (filter.to) q = q.where('uploads.created_at', '<', new Date(filter.to).toISOString());
  return q;
}

/**
 * Keeps a correlated `exists` a probe of each record walked: PostgreSQL would otherwise turn it
 * into a join over every matching key-value (which its estimates of a prefix or a rare key often
 * favour) and sort them all. An offset keeps the subquery as it is written; SQLite needs the limit
 * beside it, and probes per record anyway.
 */
const checkedPerRecord = <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) => query.limit(1).offset(0);

/**
 * The same filter for a page when many records match: each key-value and the group are checked
 * per record (a primary-key probe) while the records are walked in the list's order, so the page
 * is found after a few rows rather than after reading and sorting every match.
 */
function applyDense<O>(
  query: SelectQueryBuilder<Database, 'uploads', O>,
  userId: string,
  filter: UploadFilter,
): SelectQueryBuilder<Database, 'uploads', O> {
  let q = applyColumns(query.where('uploads.user_id', '=', userId), filter);
  if (filter.groupId) {
    const groupId = filter.groupId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('upload_groups as g')
          .select('g.upload_id')
          .where('g.group_id', '=', groupId)
          .whereRef('g.upload_id', '=', 'uploads.id')
          .$call(checkedPerRecord),
      ),
    );
  }
  const withKey = (key: string, more: (value: ReturnType<typeof sql.ref>) => ReturnType<typeof sql<boolean>> | null) =>
    q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('upload_meta as m')
          .select('m.upload_id')
          .whereRef('m.upload_id', '=', 'uploads.id')
          .where('m.key', '=', key)
          .where((inner) => {
            const extra = more(sql.ref('m.value'));
            return extra ?? inner.lit(true);
          })
          .$call(checkedPerRecord),
      ),
    );
  for (const [key, value] of Object.entries(filter.meta ?? {})) q = withKey(key, (v) => sql<boolean>`${v} = ${value}`);
  for (const [key, prefix] of Object.entries(filter.metaPrefix ?? {})) {
    q = withKey(key, (v) => sql<boolean>`substr(${v}, 1, ${[...prefix].length}) = ${prefix}`);
  }
  for (const key of filter.metaExists ?? []) q = withKey(key, () => null);
  return q;
}

/** True when the filter holds only key-values and a group: what it matches is counted on their indexes alone. */
const indexOnly = (filter: UploadFilter): boolean =>
  !filter.search &&
  !filter.name &&
  !filter.cid &&
  !filter.type &&
  !filter.category &&
  filter.minSize === undefined &&
  filter.maxSize === undefined &&
  !filter.from &&
  !filter.to;

/** What a filter's query is built from: the database or a transaction, or a subquery's builder for `matchedIds`. */
type Source = Pick<Db, 'selectFrom' | 'getExecutor'>;
type Selecting = Pick<Db, 'selectFrom'>;

const isSqlite = (db: Source): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

const hasIndexed = (filter: UploadFilter): boolean =>
  Object.keys(filter.meta ?? {}).length + Object.keys(filter.metaPrefix ?? {}).length + (filter.metaExists?.length ?? 0) > 0 ||
  !!filter.groupId;

/** The ids of the records every key-value condition and the group match (intersected), or undefined when there are none. */
function matchedIds(db: Selecting, userId: string, filter: UploadFilter) {
  const sets: SelectQueryBuilder<Database, 'upload_meta', { id: string }>[] = [];
  const meta = () => db.selectFrom('upload_meta').select('upload_meta.upload_id as id').where('upload_meta.user_id', '=', userId);
  for (const [key, value] of Object.entries(filter.meta ?? {}))
    sets.push(meta().where('upload_meta.key', '=', key).where('upload_meta.value', '=', value));
  for (const [key, prefix] of Object.entries(filter.metaPrefix ?? {})) {
    sets.push(
      meta()
        .where('upload_meta.key', '=', key)
        .where('upload_meta.value', '>=', prefix)
        .where('upload_meta.value', '<', `${prefix}${TOP}`)
        .where(sql<boolean>`substr(upload_meta.value, 1, ${[...prefix].length}) = ${prefix}`),
    );
  }
  for (const key of filter.metaExists ?? []) sets.push(meta().where('upload_meta.key', '=', key));
  if (filter.groupId) {
    sets.push(
      db.selectFrom('upload_groups').select('upload_groups.upload_id as id').where('upload_groups.group_id', '=', filter.groupId) as never,
    );
  }
  if (sets.length === 0) return undefined;
  return sets.slice(1).reduce((all, set) => all.intersect(set), sets[0]!);
}

/** How many records a filter matches, and how many ids its key-values and group match (`matched`, when it has them). */
export interface Counted {
  total: number;
  /** More match than `total`: counting stopped there (`MAX_COUNTED`). */
  atLeast?: boolean;
  matched?: number;
}

/**
 * A search or filter counts its matches up to this many and answers "at least" past it, as file
 * managers do: the exact count of a search matching most of a large account is a read of every
 * match, for a figure no one pages to the end of.
 */
export const MAX_COUNTED = 10_000;

/** The total of at most `MAX_COUNTED + 1` rows counted. */
export const boundedTotal = (n: number): Pick<Counted, 'total' | 'atLeast'> =>
  n > MAX_COUNTED ? { total: MAX_COUNTED, atLeast: true } : { total: n };

/**
 * How many of the account's records the filter matches, up to `MAX_COUNTED`. Key-values and groups are counted on their
 * indexes first (the ids each condition matches, intersected), reading no record: that is the answer
 * when there is no other filter; else few ids are read and their records looked up by primary key.
 * Those few ids (`ids`) are answered too, for the page to be read by them.
 */
export async function countMatching(db: Db, userId: string, filter: UploadFilter, few: number): Promise<Counted & { ids?: string[] }> {
  const ids = matchedIds(db, userId, filter);
  let matched: number | undefined;
  let list: string[] | undefined;
  if (ids) {
    // One read of at most `few + 1` ids: few are the list the records are looked up by; more are counted.
    const some = (await ids.limit(few + 1).execute()).map((row) => row.id);
    if (some.length <= few) [matched, list] = [some.length, some];
    else {
      const row = await db
        .selectFrom(ids.as('s'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      matched = Number(row?.n ?? 0);
    }
    if (indexOnly(filter) || matched === 0) return { total: matched, matched, ids: list };
  }
  const matches = applyUploadFilter(db.selectFrom('uploads'), userId, filter, { db, ids: list })
    .select('uploads.id')
    .limit(MAX_COUNTED + 1);
  const row = await db
    .selectFrom(matches.as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { ...boundedTotal(Number(row?.n ?? 0)), matched, ids: list };
}

/** The ids the filter's key-values and group match (at most a few: the caller counted them). */
export async function matchedIdList(db: Db, userId: string, filter: UploadFilter): Promise<string[]> {
  const ids = matchedIds(db, userId, filter);
  if (!ids) return [];
  return (await ids.execute()).map((row) => row.id);
}
