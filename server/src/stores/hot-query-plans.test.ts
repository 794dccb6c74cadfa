import { type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/pg';
import { createDb, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { createAdminUserStore } from './admin/users';
import { createStatsStore } from './admin/stats';
import { createPsaPinStore } from './psa-pin-store';
import { MAX_COUNTED } from './upload-filter';
import { createUploadStore } from './upload-store';

/** Records of the large account, and of each of the others: enough that a plan over them all shows. */
const LARGE = 30_000;
const ACCOUNTS = 100;
const PER_ACCOUNT = 100;
/** Tables that grow with the records: a hot query reads a few of their rows through an index, never all of them. */
const RECORD_TABLES = ['uploads', 'psa_pins', 'pin_jobs', 'upload_meta', 'upload_groups'];
/** A hot query may sort a page or the few matches of a search, never an account's records. */
const MAX_SORTED_ROWS = 2000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * The queries the `million` benchmark's routes run, read from the stores themselves (every
 * statement they send is captured) and planned by PostgreSQL on an account of 30,000 records among
 * 40,000, analysed. Sequential scans are turned off for the session, so a plan that still reads a
 * records-sized table from end to end is one for which no index path exists at all; each query must
 * also use the index meant for it, and sort no more than a page or a search's few matches.
 */
describe('hot query plans on PostgreSQL', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let pool: pg.Pool;
  let logged: Kysely<Database>;
  let captured: CompiledQuery[] = [];
  const large = 'large-account';

  beforeAll(async () => {
    const database = await createTestDatabase();
    db = createDb({ driver: 'pg', url: database.url });
    await migrateToLatest(db);
    await seed(db, large);
    // One connection, so that the session's planner settings hold for every statement.
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level === 'query') captured.push(event.query);
      },
    });
    await sql`set enable_seqscan = off`.execute(logged);
    drop = async () => {
      await logged.destroy();
      await db.destroy();
      await database.drop();
    };
  }, 120_000);
  afterAll(() => drop());

  /** The plans of every statement `run` sends. */
  async function plansOf(run: () => Promise<unknown>): Promise<{ sql: string; nodes: PlanNode[] }[]> {
    captured = [];
    await run();
    const queries = captured;
    captured = [];
    const plans = [];
    for (const query of queries) {
      const result = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${query.sql}`, [...query.parameters]);
      plans.push({ sql: query.sql, nodes: nodesOf(result.rows[0]!['QUERY PLAN'][0].Plan) });
    }
    return plans;
  }

  /** Every statement of `run`: no full read of a records-sized table, no sort of more than a page's worth; `indexes` used. */
  async function expectIndexed(run: () => Promise<unknown>, indexes: string[], maxSorted = MAX_SORTED_ROWS): Promise<void> {
    const plans = await plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    for (const { sql: text, nodes } of plans) {
      const scans = nodes.filter((node) => node['Node Type'] === 'Seq Scan' && RECORD_TABLES.includes(node['Relation Name'] ?? ''));
      expect(
        scans.map((node) => node['Relation Name']),
        text,
      ).toEqual([]);
      const sorts = nodes.filter((node) => node['Node Type'] === 'Sort' && node['Plan Rows'] > maxSorted);
      expect(
        sorts.map((node) => node['Plan Rows']),
        text,
      ).toEqual([]);
    }
    const used = new Set(plans.flatMap(({ nodes }) => nodes.map((node) => node['Index Name']).filter(Boolean)));
    for (const index of indexes) expect([...used], `index ${index}`).toContain(index);
  }

  const uploads = () => createUploadStore(logged);
  const list = { userId: large, limit: 20, count: LARGE };

  it('the file list: its first page and page 500, newest first and by name, read through the index of that order', async () => {
    await expectIndexed(() => uploads().list({ ...list, offset: 0 }), ['uploads_user_created']);
    await expectIndexed(() => uploads().list({ ...list, offset: 499 * 20 }), ['uploads_user_created']);
    await expectIndexed(() => uploads().list({ ...list, offset: 499 * 20, sort: 'name', order: 'asc' }), ['uploads_user_name_key']);
  });

  it('a search by name or CID prefix reads its matches through the trigram and CID-prefix indexes, its count too', async () => {
    await expectIndexed(
      () => uploads().list({ ...list, offset: 0, search: 'file-4242.txt' }),
      ['uploads_user_name_trigrams', 'uploads_user_cid_prefix'],
    );
  });

  it("a search's page and count come from one read of its few matches through the account's name index, its records by key", async () => {
    const plans = await plansOf(() => uploads().list({ ...list, offset: 0, search: 'file-4242' }));
    expect(plans).toHaveLength(2);
    expect(plans[1]!.nodes.map((node) => node['Index Name']).filter(Boolean)).toEqual(['uploads_pkey']);
    await expectIndexed(() => uploads().list({ ...list, offset: 20, search: 'file-4242' }), ['uploads_user_name_trigrams']);
    // Its next page, the count kept: the matches again, through the same index.
    await expectIndexed(
      () => uploads().list({ ...list, offset: 20, search: 'file-4242', counted: { total: 11 } }),
      ['uploads_user_name_trigrams'],
    );
  });

  it('a search matching more than it counts stops counting and finds its page among the newest records', async () => {
    // `file-2` matches 11,111 of the 30,000, the newest among them: read up to 10,001 (sorted by a top-N
    // sort that keeps a page), then a walk of the newest.
    await expectIndexed(
      () => uploads().list({ ...list, offset: 0, search: 'file-2' }),
      ['uploads_user_name_trigrams', 'uploads_user_created'],
      MAX_COUNTED + 1,
    );
    const listed = await uploads().list({ ...list, offset: 0, search: 'file-2' });
    expect(listed.counted).toEqual({ total: 10_000, atLeast: true });
    expect(listed.rows.map((row) => row.name)).toEqual(Array.from({ length: 20 }, (_, i) => `file-${29_999 - i}.txt`));
  });

  it("the admin's accounts list, newest first, is a page of the (created, id) index", async () => {
    await expectIndexed(() => createAdminUserStore(logged).list({ offset: 0, limit: 20 }), ['users_created_id']);
    await expectIndexed(() => createAdminUserStore(logged).list({ offset: 60, limit: 20 }), ['users_created_id']);
  });

  it("the admin's daily series of records reads the last days of records only", async () => {
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    await expectIndexed(() => createStatsStore(logged).uploadsPerDay(since), ['uploads_created']);
  });

  it('the Pinning Service API list, with a status, a date and a name, reads the newest requests through the account index', async () => {
    const psa = createPsaPinStore(logged);
    const filter = { statuses: ['pinned' as const], limit: 10 };
    await expectIndexed(() => psa.list(large, filter), ['psa_pins_user_created', 'pin_jobs_pkey', 'uploads_pkey']);
    await expectIndexed(() => psa.list(large, { ...filter, before: '2026-01-10T00:00:00.000Z' }), ['psa_pins_user_created']);
    for (const match of ['partial', 'ipartial'] as const) {
      await expectIndexed(() => psa.list(large, { ...filter, name: { value: 'backup-12', match } }), ['psa_pins_user_name_trigrams']);
    }
  });

  it("the Pinning Service API count reads the account's requests alone, not their jobs or records", async () => {
    const psa = createPsaPinStore(logged);
    for (const filter of [
      { statuses: ['pinned' as const], limit: 10 },
      { statuses: ['queued' as const, 'pinning' as const, 'pinned' as const, 'failed' as const], limit: 10 },
      { statuses: ['pinned' as const], limit: 10, before: '2026-01-10T00:00:00.000Z' },
    ]) {
      const counts = (await plansOf(() => psa.list(large, filter))).filter((plan) => plan.sql.includes('count('));
      expect(counts).toHaveLength(1);
      const read = counts[0]!.nodes.map((node) => node['Relation Name']).filter(Boolean);
      expect(read.length).toBeGreaterThan(0);
      expect(new Set(read), counts[0]!.sql).toEqual(new Set(['psa_pins']));
    }
  });
});

/** The large account and its records (one in ten a pinned Pinning Service API request), and the other accounts with theirs. */
async function seed(db: Db, large: string): Promise<void> {
  const at = (minutes: string) =>
    sql`to_char(timestamp '2026-01-01' + (${sql.raw(minutes)}) * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  await sql`insert into users (id, email, password_hash, name, lastname, country, birth_date, language, referral_code, created_at, updated_at)
    select case when n = 0 then ${large} else 'account-' || n end, 'a' || n || '@example.com', 'x', 'A', 'B', 'GB', '01/01/1990', 'en',
      'ref' || n, ${at('n')}, ${at('n')}
    from generate_series(0, ${ACCOUNTS}) n`.execute(db);
  // The records' triggers keep each account's count one row at a time: off for the load, the counts set after.
  await sql`alter table uploads disable trigger user`.execute(db);
  await sql`insert into uploads (id, user_id, cid, name, name_key, name_source, size, charged_bytes, type, category, source, created_at)
    select 'u-' || n, ${large}, 'bafkreiseed' || n, 'file-' || n || '.txt', 'file-' || n, 'original', 1000 + n, 1000 + n, 'file', 'text', 'upload', ${at('n')}
    from generate_series(1, ${LARGE}) n`.execute(db);
  await sql`insert into uploads (id, user_id, cid, name, name_key, name_source, size, charged_bytes, type, category, source, created_at)
    select 'o-' || a || '-' || n, 'account-' || a, 'bafkreiother' || a || '-' || n, 'file-' || n || '.txt', 'file-' || n, 'original', 1000 + n, 1000 + n,
      'file', 'text', 'upload', ${at('a * 100 + n')}
    from generate_series(1, ${ACCOUNTS}) a, generate_series(1, ${PER_ACCOUNT}) n`.execute(db);
  await sql`alter table uploads enable trigger user`.execute(db);
  await sql`update users set uploads_count = s.n, storage_used = s.bytes
    from (select user_id, count(*) as n, sum(charged_bytes) as bytes from uploads group by user_id) s where s.user_id = users.id`.execute(
    db,
  );
  await sql`insert into pin_jobs (id, user_id, cid, status, upload_id, created_at, updated_at)
    select 'j-' || n, ${large}, 'bafkreiseed' || n, 'pinned', 'u-' || n, ${at('n')}, ${at('n')}
    from generate_series(10, ${LARGE}, 10) n`.execute(db);
  await sql`insert into psa_pins (requestid, user_id, job_id, cid, name, name_folded, created_at, status)
    select 'r-' || n, ${large}, 'j-' || n, 'bafkreiseed' || n, 'backup-' || n, 'backup-' || n, ${at('n')}, 'pinned'
    from generate_series(10, ${LARGE}, 10) n`.execute(db);
  await sql`vacuum analyze users, uploads, pin_jobs, psa_pins`.execute(db);
}
