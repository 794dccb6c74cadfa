import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testMigrator } from '../../../test/pg';
import { DRIVERS } from '../../../test/harness';
import { createDb, type Db } from '../database';
import { migrateToLatest } from '../migrate';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const cidOf = (name: string) => `bafkrei${crypto.createHash('sha256').update(name).digest('hex').slice(0, 52)}`;

/** Rows as 0014 kept them, written with plain SQL (the schema's types are those of the latest migration). */
function rows(db: Db) {
  const upload = (id: string, userId: string, source: 'upload' | 'pin', minute: number, size = 10) =>
    sql`insert into uploads (id, user_id, cid, name, original_name, custom_name, name_source, size, type, category, files_count, source, created_at)
      values (${id}, ${userId}, ${cidOf(id)}, ${id}, null, null, 'auto', ${size}, 'file', 'text', 1, ${source}, ${at(minute)})`.execute(db);
  const job = (id: string, userId: string, cid: string, status: string, uploadId: string | null, minute: number) =>
    sql`insert into pin_jobs (id, user_id, cid, original_name, custom_name, status, bytes_fetched, blocks, error, error_code, upload_id, claimed_by, heartbeat_at, created_at, updated_at, attempts, origins)
      values (${id}, ${userId}, ${cid}, null, null, ${status}, 0, 0, null, null, ${uploadId}, null, null, ${at(minute)}, ${at(minute)}, 1, null)`.execute(
      db,
    );
  const request = (requestid: string, userId: string, jobId: string, cid: string, minute: number, replaces: string | null = null) =>
    sql`insert into psa_pins (requestid, user_id, job_id, cid, name, name_folded, replaces, created_at)
      values (${requestid}, ${userId}, ${jobId}, ${cid}, null, null, ${replaces}, ${at(minute)})`.execute(db);
  return { upload, job, request };
}

describe.each(DRIVERS)('migration 0015: who owns a record held several ways (%s)', (driver) => {
  let db: Db | undefined;
  let cleanUp: () => Promise<void> = async () => undefined;
  afterEach(async () => {
    await db?.destroy();
    await cleanUp();
  });

  async function openAt0014(): Promise<Db> {
    if (driver === 'pg') {
      const database = await createTestDatabase();
      cleanUp = database.drop;
      db = createDb({ driver: 'pg', url: database.url });
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-0015-'));
      cleanUp = async () => fs.rmSync(dir, { recursive: true, force: true });
      db = createDb({ driver: 'sqlite', file: path.join(dir, 'cairn.sqlite') });
    }
    const migrator = testMigrator(db);
    const { error } = await migrator.migrateTo('0014-engine-gc-runs');
    expect(error).toBeUndefined();
    return db;
  }

  it('owns every record an account made itself, not those only its remote pins made, and converts replacements in flight', async () => {
    const db = await openAt0014();
    const { upload, job, request } = rows(db);
    const user = crypto.randomUUID();
    await sql`insert into users (id, email, password_hash, name, lastname, country, birth_date, language, role, status, referral_code, created_at, updated_at, storage_used)
      values (${user}, 'a@example.com', 'x', 'A', 'B', 'ES', '2000-01-01', 'en', 'user', 'active', 'CODE1234', ${at(0)}, ${at(0)}, 1000)`.execute(
      db,
    );

    // An upload, then a remote pin of it.
    await upload('uploaded', user, 'upload', 1);
    await job('j-uploaded', user, cidOf('uploaded'), 'pinned', 'uploaded', 2);
    await request('r-uploaded', user, 'j-uploaded', cidOf('uploaded'), 2);
    // A record a remote pin made.
    await job('j-remote', user, cidOf('remote'), 'pinned', 'remote', 3);
    await upload('remote', user, 'pin', 4);
    await request('r-remote', user, 'j-remote', cidOf('remote'), 3);
    // A pin by CID, and a pin by CID that a remote pin found later.
    await job('j-bycid', user, cidOf('bycid'), 'pinned', 'bycid', 5);
    await upload('bycid', user, 'pin', 6);
    await job('j-both', user, cidOf('both'), 'pinned', 'both', 7);
    await upload('both', user, 'pin', 8);
    await job('j-both-remote', user, cidOf('both'), 'pinned', 'both', 9);
    await request('r-both', user, 'j-both-remote', cidOf('both'), 9);
    // A replacement in flight: the old request pinned on a record only it holds (100 bytes).
    await job('j-old', user, cidOf('old'), 'pinned', 'old', 10);
    await upload('old', user, 'pin', 11, 100);
    await request('r-old', user, 'j-old', cidOf('old'), 10);
    await job('j-new', user, cidOf('new'), 'pinning', null, 12);
    await request('r-new', user, 'j-new', cidOf('new'), 12, 'r-old');
    // A replacement in flight whose old request was still queued.
    await job('j-queued', user, cidOf('queued'), 'queued', null, 13);
    await request('r-queued', user, 'j-queued', cidOf('queued'), 13);
    await job('j-after', user, cidOf('after'), 'queued', null, 14);
    await request('r-after', user, 'j-after', cidOf('after'), 14, 'r-queued');

    await migrateToLatest(db);

    const owned = await db.selectFrom('uploads').select(['id', 'owned']).orderBy('id').execute();
    expect(owned).toEqual([
      { id: 'both', owned: 1 },
      { id: 'bycid', owned: 1 },
      { id: 'old', owned: 0 },
      { id: 'remote', owned: 0 },
      { id: 'uploaded', owned: 1 },
    ]);
    const kinds = await db.selectFrom('pin_jobs').select(['id', 'kind', 'status', 'error_code']).orderBy('id').execute();
    expect(kinds).toEqual([
      { id: 'j-after', kind: 'psa', status: 'queued', error_code: null },
      { id: 'j-both', kind: 'pin', status: 'pinned', error_code: null },
      { id: 'j-both-remote', kind: 'psa', status: 'pinned', error_code: null },
      { id: 'j-bycid', kind: 'pin', status: 'pinned', error_code: null },
      { id: 'j-new', kind: 'psa', status: 'pinning', error_code: null },
      { id: 'j-old', kind: 'psa', status: 'pinned', error_code: null },
      { id: 'j-queued', kind: 'psa', status: 'failed', error_code: 'cancelled' },
      { id: 'j-remote', kind: 'psa', status: 'pinned', error_code: null },
      { id: 'j-uploaded', kind: 'psa', status: 'pinned', error_code: null },
    ]);
    const requests = await db.selectFrom('psa_pins').select('requestid').orderBy('requestid').execute();
    expect(requests.map((r) => r.requestid)).toEqual(['r-after', 'r-both', 'r-new', 'r-remote', 'r-uploaded']);
    // The replaced record and its content are held, still charged, until the new request's job is over.
    const { storage_used } = await db.selectFrom('users').select('storage_used').where('id', '=', user).executeTakeFirstOrThrow();
    expect(Number(storage_used)).toBe(1000);
    const holds = await db
      .selectFrom('jobs')
      .select(['cid', 'pin_job_id', 'upload_id', 'status'])
      .where('kind', '=', 'release')
      .orderBy('cid')
      .execute();
    expect(holds).toEqual(
      [
        { cid: cidOf('old'), pin_job_id: 'j-new', upload_id: 'old', status: 'pending' },
        { cid: cidOf('queued'), pin_job_id: 'j-after', upload_id: null, status: 'pending' },
      ].sort((x, y) => x.cid.localeCompare(y.cid)),
    );
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'psa_pins')!.columns.map((c) => c.name);
    expect(columns).not.toContain('replaces');
  });
});
