import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../server/src/db/database';
import { seededRecord } from './seed-records';

export interface MillionShape {
  /** Records of the one large account (the bench user's own). */
  large: number;
  /** Other accounts, and records each: together the rest of the table. */
  accounts: number;
  perAccount: number;
  /** One record of the large account in this many is also a pinned Pinning Service API request. */
  pinEvery: number;
}

/** 1,000,000 records in one account and 1,000,000 across 10,000 more; `BENCH_MILLION_RECORDS` scales both. */
export function millionShape(records: number): MillionShape {
  const accounts = Math.max(10, Math.round(records / 100));
  return { large: records, accounts, perAccount: Math.max(1, Math.round(records / accounts)), pinEvery: 10 };
}

/** Rows sent per statement: one round trip of column arrays (`unnest`), not one per row. */
const BATCH = 10_000;
/** A year of records, newest last: the admin's daily series and date filters see real spreads. */
const SPAN_MS = 365 * 86_400_000;

type Row = Record<string, unknown>;

/**
 * Writes the shape into a migrated PostgreSQL database beside `userId` (an account signed up as
 * usual, whose row the other accounts copy: same plan, same password): its records, the other
 * accounts and theirs, and the Pinning Service API requests (job, request, record) on every
 * `pinEvery`th record of the large account. Everything the triggers keep (record counts, list
 * versions) and `storage_used` are set to what the records add up to, as if each had been uploaded;
 * the triggers and the secondary indexes are off while the rows go in and the indexes are built
 * again after (each as its migration defined it), which is what makes a million rows a minute's work.
 */
export async function seedMillion(db: Db, userId: string, shape: MillionShape): Promise<{ ms: number; records: number }> {
  const started = Date.now();
  const end = Date.now() - 60_000;
  const template = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and tablename in ('uploads', 'pin_jobs', 'psa_pins')
      and indexname not in (select conname from pg_constraint)`.execute(db);
  await sql`alter table uploads disable trigger user`.execute(db);
  for (const index of indexes.rows) await sql`drop index ${sql.id(index.indexname)}`.execute(db);
  try {
    const users: Row[] = [];
    for (let a = 0; a < shape.accounts; a++) {
      const created = new Date(end - SPAN_MS + Math.floor((a / shape.accounts) * SPAN_MS)).toISOString();
      users.push({
        ...template,
        id: randomUUID(),
        email: `seeded-${a}@example.com`,
        name: `Seeded ${a}`,
        referral_code: `seed${a.toString(36)}x${randomUUID().slice(0, 8)}`,
        role: 'user',
        created_at: created,
        updated_at: created,
        last_active_at: created,
        storage_used: 0,
        storage_reserved: 0,
        uploads_count: 0,
        uploads_version: 0,
      });
    }
    for (let at = 0; at < users.length; at += 1000)
      await db
        .insertInto('users')
        .values(users.slice(at, at + 1000) as never)
        .execute();

    // The large account's records, then each other account's, a batch at a time.
    const owners = [{ id: userId, count: shape.large }, ...users.map((u) => ({ id: u.id as string, count: shape.perAccount }))];
    let batch: Row[] = [];
    let pins: { upload: Row; i: number }[] = [];
    let seq = 0;
    const flush = async () => {
      if (batch.length > 0) await bulkInsert(db, 'uploads', batch);
      if (pins.length > 0) await insertPins(db, pins);
      batch = [];
      pins = [];
    };
    for (const owner of owners) {
      for (let i = 0; i < owner.count; i++) {
        const at = new Date(end - SPAN_MS + Math.floor((i / owner.count) * SPAN_MS)).toISOString();
        const row: Row = {
          ...seededRecord(owner.id, seq++, `file-${i}.txt`, at),
          owned: 1,
          private: 0,
          meta: '{}',
        };
        batch.push(row);
        if (owner.id === userId && i % shape.pinEvery === 0) pins.push({ upload: row, i });
        if (batch.length >= BATCH) await flush();
      }
    }
    await flush();
  } finally {
    await sql`alter table uploads enable trigger user`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.indexdef).execute(db);
  }
  // What the triggers and the upload path would have kept, from the records themselves.
  await sql`
    update users set uploads_count = s.n, storage_used = s.bytes, uploads_version = users.uploads_version + s.n
    from (select user_id, count(*) as n, sum(charged_bytes) as bytes from uploads group by user_id) s
    where s.user_id = users.id`.execute(db);
  await sql`vacuum analyze users, uploads, pin_jobs, psa_pins`.execute(db);
  return { ms: Date.now() - started, records: shape.large + shape.accounts * shape.perAccount };
}

/** The large account's pinned requests on these records: a job that made the record, and the request. */
async function insertPins(db: Db, pins: { upload: Row; i: number }[]): Promise<void> {
  const jobs: Row[] = [];
  const requests: Row[] = [];
  for (const { upload, i } of pins) {
    const job = randomUUID();
    const requestid = randomUUID();
    const at = upload.created_at as string;
    jobs.push({
      id: job,
      user_id: upload.user_id,
      cid: upload.cid,
      original_name: upload.name,
      custom_name: null,
      status: 'pinned',
      bytes_fetched: upload.size,
      blocks: 1,
      error: null,
      error_code: null,
      upload_id: upload.id,
      claimed_by: null,
      created_at: at,
      updated_at: at,
      attempts: 1,
      origins: '[]',
      kind: 'psa',
      request_id: requestid,
      group_id: null,
      record_meta: null,
      private: 0,
    });
    const name = i % 20 === 0 ? `backup-${i}` : (upload.name as string);
    requests.push({
      requestid,
      user_id: upload.user_id,
      job_id: job,
      cid: upload.cid,
      name,
      name_folded: name.toLowerCase(),
      created_at: at,
      status: 'pinned',
    });
  }
  await bulkInsert(db, 'pin_jobs', jobs);
  await bulkInsert(db, 'psa_pins', requests);
}

/** `insert … select * from unnest(…)`: one statement and one array parameter per column, whatever the row count. */
async function bulkInsert(db: Db, table: string, rows: Row[]): Promise<void> {
  const columns = Object.keys(rows[0]!);
  const types = await columnTypes(db, table);
  const arrays = columns.map((column) => {
    const values = rows.map((row) => row[column] ?? null);
    return sql`${values}::${sql.raw(types.get(column) ?? 'text')}[]`;
  });
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))})
    select * from unnest(${sql.join(arrays)})`.execute(db);
}

const typesOf = new Map<string, Promise<Map<string, string>>>();
function columnTypes(db: Db, table: string): Promise<Map<string, string>> {
  let types = typesOf.get(table);
  if (!types) {
    types = sql<{ column_name: string; data_type: string }>`
      select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = ${table}`
      .execute(db)
      .then((result) => new Map(result.rows.map((row) => [row.column_name, row.data_type])));
    typesOf.set(table, types);
  }
  return types;
}
