import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyTestDb, pgIndexDefinitions, testMigrator } from '../../../test/pg';
import { DRIVERS } from '../../../test/harness';
import type { Db } from '../database';

const AT = '2026-01-01T00:00:00.000Z';

/** An account's requests as 0034 kept them: one per job status, and a pinned one whose record was deleted since. */
async function requestsAt0034(db: Db): Promise<void> {
  await sql`insert into users (id, email, password_hash, name, lastname, country, birth_date, language, referral_code, created_at, updated_at)
    values ('u1', 'a@example.com', 'x', 'A', 'B', 'GB', '01/01/1990', 'en', 'ref1', ${AT}, ${AT})`.execute(db);
  await sql`insert into uploads (id, user_id, cid, name, name_key, name_source, size, charged_bytes, type, category, source, created_at)
    values ('rec', 'u1', 'bafkreipinned', 'a.txt', 'a', 'original', 10, 10, 'file', 'text', 'pin', ${AT})`.execute(db);
  const jobs: [string, string, string | null][] = [
    ['queued', 'queued', null],
    ['pinning', 'pinning', null],
    ['failed', 'failed', null],
    ['pinned', 'pinned', 'rec'],
    ['orphan', 'pinned', 'gone'],
  ];
  for (const [name, status, upload] of jobs) {
    await sql`insert into pin_jobs (id, user_id, cid, status, upload_id, kind, created_at, updated_at)
      values (${`j-${name}`}, 'u1', ${`bafkrei${name}`}, ${status}, ${upload}, 'psa', ${AT}, ${AT})`.execute(db);
    await sql`insert into psa_pins (requestid, user_id, job_id, cid, name, name_folded, created_at)
      values (${`r-${name}`}, 'u1', ${`j-${name}`}, ${`bafkrei${name}`}, null, null, ${`2026-01-01T00:00:0${jobs.findIndex((j) => j[0] === name)}.000Z`})`.execute(
      db,
    );
  }
}

const statuses = async (db: Db) =>
  Object.fromEntries(
    (await sql<{ requestid: string; status: string }>`select requestid, status from psa_pins order by requestid`.execute(db)).rows.map(
      (row) => [row.requestid, row.status],
    ),
  );

describe.each(DRIVERS)("migration 0035: each Pinning Service API request keeps its job's status (%s)", (driver) => {
  let close: () => Promise<void> = async () => undefined;
  afterEach(() => close());

  it('copies the status of every job, drops the pinned request whose record is gone, and goes down and up again', async () => {
    const opened = await emptyTestDb(driver);
    close = opened.close;
    const { db } = opened;
    const migrator = testMigrator(db);
    expect((await migrator.migrateTo('0034-account-name-search')).error).toBeUndefined();
    await requestsAt0034(db);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const expected = { 'r-failed': 'failed', 'r-pinned': 'pinned', 'r-pinning': 'pinning', 'r-queued': 'queued' };
    expect(await statuses(db)).toEqual(expected);

    if (driver === 'pg') expect(await pgIndexDefinitions(db, 'psa_pins')).toContain('psa_pins_user_name_trigrams');
    expect((await migrator.migrateTo('0034-account-name-search')).error).toBeUndefined();
    if (driver === 'pg') expect(await pgIndexDefinitions(db, 'psa_pins')).not.toContain('psa_pins_user_name_trigrams');
    expect(await sql`select * from psa_pins`.execute(db).then((r) => Object.keys(r.rows[0] as object))).not.toContain('status');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await statuses(db)).toEqual(expected);
  });
});
