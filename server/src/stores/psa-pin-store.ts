import { PostgresAdapter, sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database';
import { lockedInPg } from '../db/locks';
import type { Database, PinJobRow, PsaPinsTable } from '../db/schema';

type PsaStatus = PinJobRow['status'];
type NameMatch = 'exact' | 'iexact' | 'partial' | 'ipartial';

/** A pin request with what its job and record say about it. */
export interface PsaPinView extends PsaPinsTable {
  error: string | null;
  error_code: string | null;
  bytes_fetched: number;
  blocks: number;
  origins: string | null;
  upload_id: string | null;
  upload_size: number | null;
}

export interface PsaFilter {
  cids?: string[];
  name?: { value: string; match: NameMatch };
  statuses: PsaStatus[];
  before?: string;
  after?: string;
  meta?: Record<string, string>;
  limit: number;
  /** Only the requests in this group (see `inGroup`). */
  groupId?: string;
}

type Eb = ExpressionBuilder<Database & { p: PsaPinsTable }, 'p'>;
type JobEb = ExpressionBuilder<Database & { p: PsaPinsTable; j: Database['pin_jobs'] }, 'p' | 'j'>;

/**
 * A request is in a group when the record it stands on is; before there is a record (queued,
 * pinning, failed), when its job will put the record into that group.
 */
const inGroup = (eb: Eb, groupId: string) =>
  eb.exists(
    eb
      .selectFrom('pin_jobs as j')
      .select('j.id')
      .whereRef('j.id', '=', 'p.job_id')
      .where((jb: JobEb) =>
        jb.or([
          jb.and([
            jb('j.upload_id', 'is not', null),
            jb.exists(
              jb
                .selectFrom('upload_groups as g')
                .select('g.upload_id')
                .where('g.group_id', '=', groupId)
                .whereRef('g.upload_id', '=', 'j.upload_id'),
            ),
          ]),
          jb.and([jb('j.upload_id', 'is', null), jb('j.group_id', '=', groupId)]),
        ]),
      ),
  );

/**
 * `column` contains `needle`, case-sensitively. On PostgreSQL a `like`, which the trigram index of
 * the folded names (0035) serves; SQLite's `like` ignores case, so there a `replace` tells.
 */
const contains = (onPostgres: boolean, column: string, needle: string) =>
  onPostgres
    ? sql<boolean>`${sql.ref(column)} like ${`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`
    : sql<boolean>`replace(${sql.ref(column)}, ${needle}, '') <> ${sql.ref(column)}`;

/** Past this many matches of a name, a page is found walking the requests newest first; up to it, among the matches. */
const NAME_MATCHES_SORTED = 10_000;

/**
 * Pinning Service API requests. Each keeps its job's status (written in the job's transactions), so
 * a list and its count read the account's requests alone; the job and the record (for its size) are
 * joined to the page's rows only. A pinned request lives as long as its record: deleting the record
 * deletes the requests on it in the same transaction.
 */
export function createPsaPinStore(db: Db) {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const columns = [
    'p.requestid',
    'p.user_id',
    'p.job_id',
    'p.cid',
    'p.name',
    'p.name_folded',
    'p.created_at',
    'p.status',
    'j.error',
    'j.error_code',
    'j.bytes_fetched',
    'j.blocks',
    'j.origins',
    'j.upload_id',
    'u.size as upload_size',
  ] as const;

  const withJob = (userId: string) =>
    db
      .selectFrom('psa_pins as p')
      .innerJoin('pin_jobs as j', 'j.id', 'p.job_id')
      .leftJoin('uploads as u', 'u.id', 'j.upload_id')
      .where('p.user_id', '=', userId);

  /** The conditions of `filter` on the account's requests (`p`), but for its limit. */
  const matches = (eb: Eb, filter: PsaFilter) => {
    const all = [eb('p.status', 'in', filter.statuses)];
    if (filter.groupId !== undefined) all.push(inGroup(eb, filter.groupId));
    if (filter.cids?.length) all.push(eb('p.cid', 'in', filter.cids));
    if (filter.before) all.push(eb('p.created_at', '<', filter.before));
    if (filter.after) all.push(eb('p.created_at', '>', filter.after));
    if (filter.name) {
      const { value, match } = filter.name;
      const folded = value.toLowerCase();
      if (match === 'exact') all.push(eb('p.name', '=', value));
      else if (match === 'iexact') all.push(eb('p.name_folded', '=', folded));
      else if (match === 'partial') {
        // The folded name narrows through its index; the name itself decides.
        all.push(
          eb.and([eb('p.name', 'is not', null), contains(onPostgres, 'p.name_folded', folded), contains(onPostgres, 'p.name', value)]),
        );
      } else all.push(eb.and([eb('p.name_folded', 'is not', null), contains(onPostgres, 'p.name_folded', folded)]));
    }
    for (const [key, value] of Object.entries(filter.meta ?? {})) {
      all.push(
        eb.exists(
          eb
            .selectFrom('psa_pin_meta as m')
            .select('m.key')
            .whereRef('m.requestid', '=', 'p.requestid')
            .where('m.key', '=', key)
            .where('m.value', '=', value),
        ),
      );
    }
    return eb.and(all);
  };

  return {
    async insert(trx: Db, pin: PsaPinsTable, meta: Record<string, string>): Promise<void> {
      await trx.insertInto('psa_pins').values(pin).execute();
      const rows = Object.entries(meta).map(([key, value]) => ({ requestid: pin.requestid, key, value }));
      if (rows.length > 0) await trx.insertInto('psa_pin_meta').values(rows).execute();
    },

    /** One of the account's requests; with `groupId`, only when it is in that group. */
    find: (userId: string, requestid: string, groupId?: string): Promise<PsaPinView | undefined> =>
      withJob(userId)
        .select(columns)
        .where('p.requestid', '=', requestid)
        .$if(groupId !== undefined, (q) => q.where((eb) => inGroup(eb as unknown as Eb, groupId!)))
        .executeTakeFirst() as Promise<PsaPinView | undefined>,

    /** The newest `limit` requests matching the filter, and how many match in all. */
    async list(userId: string, filter: PsaFilter): Promise<{ count: number; rows: PsaPinView[] }> {
      const { n } = await db
        .selectFrom('psa_pins as p')
        .where('p.user_id', '=', userId)
        .where((eb) => matches(eb, filter))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const count = Number(n);
      if (filter.name && onPostgres && count <= NAME_MATCHES_SORTED) {
        // Matches of a name may all be old requests, which a walk newest first reaches last: the
        // page is taken from the matches themselves, read through the name index.
        const page = await db
          .with(
            (cte) => cte('m').materialized(),
            () =>
              db
                .selectFrom('psa_pins as p')
                .where('p.user_id', '=', userId)
                .where((eb) => matches(eb, filter))
                .select(['p.requestid', 'p.created_at']),
          )
          .selectFrom('m')
          .select('m.requestid')
          .orderBy('m.created_at', 'desc')
          .limit(filter.limit)
          .execute();
        if (page.length === 0) return { count, rows: [] };
        const rows = await withJob(userId)
          .where(
            'p.requestid',
            'in',
            page.map((row) => row.requestid),
          )
          .select(columns)
          .orderBy('p.created_at', 'desc')
          .execute();
        return { count, rows: rows as PsaPinView[] };
      }
      const rows = await withJob(userId)
        .where((eb) => matches(eb as unknown as Eb, filter))
        .select(columns)
        .orderBy('p.created_at', 'desc')
        .limit(filter.limit)
        .execute();
      return { count, rows: rows as PsaPinView[] };
    },

    /** The request a job runs, as `trx` sees it (an event about the job is written in it). */
    findByJob: (trx: Db, jobId: string): Promise<PsaPinView | undefined> =>
      trx
        .selectFrom('psa_pins as p')
        .innerJoin('pin_jobs as j', 'j.id', 'p.job_id')
        .leftJoin('uploads as u', 'u.id', 'j.upload_id')
        .select(columns)
        .where('p.job_id', '=', jobId)
        .executeTakeFirst() as Promise<PsaPinView | undefined>,

    async metaOf(requestids: string[], trx: Db = db): Promise<Map<string, Record<string, string>>> {
      const byRequest = new Map<string, Record<string, string>>();
      if (requestids.length === 0) return byRequest;
      const rows = await trx.selectFrom('psa_pin_meta').selectAll().where('requestid', 'in', requestids).execute();
      for (const row of rows) byRequest.set(row.requestid, { ...byRequest.get(row.requestid), [row.key]: row.value });
      return byRequest;
    },

    /**
     * Deletes one of the account's requests and returns what it stood on; undefined when it was
     * not there (another request removed or replaced it first: exactly one of them gets it). Its
     * job's row is locked first: a job's transactions write the job, then its request, so a removal
     * and the job's end never wait for each other in a circle.
     */
    async take(trx: Db, userId: string, requestid: string): Promise<Pick<PsaPinsTable, 'requestid' | 'job_id' | 'cid'> | undefined> {
      const pin = await trx
        .selectFrom('psa_pins')
        .select('job_id')
        .where('requestid', '=', requestid)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!pin) return undefined;
      await lockedInPg(trx, trx.selectFrom('pin_jobs').select('id').where('id', '=', pin.job_id)).execute();
      return trx
        .deleteFrom('psa_pins')
        .where('requestid', '=', requestid)
        .where('user_id', '=', userId)
        .returning(['requestid', 'job_id', 'cid'])
        .executeTakeFirst();
    },

    /** Deletes the pinned requests recorded on a record that is being deleted (in its transaction). */
    async deleteOnUpload(trx: Db, uploadId: string): Promise<void> {
      await trx
        .deleteFrom('psa_pins')
        .where('job_id', 'in', trx.selectFrom('pin_jobs').select('id').where('upload_id', '=', uploadId).where('status', '=', 'pinned'))
        .execute();
    },
  };
}
