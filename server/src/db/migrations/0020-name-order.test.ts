import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testMigrator } from '../../../test/pg';
import { DRIVERS } from '../../../test/harness';
import { nameOrderKey } from '../../lib/name-order';
import { createDb, type Db } from '../database';
import { migrateToLatest } from '../migrate';

describe.each(DRIVERS)('migration 0020: the name order of existing records (%s)', (driver) => {
  let db: Db | undefined;
  let cleanUp: () => Promise<void> = async () => undefined;
  afterEach(async () => {
    await db?.destroy();
    await cleanUp();
  });

  async function openAt0018(): Promise<Db> {
    if (driver === 'pg') {
      const database = await createTestDatabase();
      cleanUp = database.drop;
      db = createDb({ driver: 'pg', url: database.url });
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-0020-'));
      cleanUp = async () => fs.rmSync(dir, { recursive: true, force: true });
      db = createDb({ driver: 'sqlite', file: path.join(dir, 'cairn.sqlite') });
    }
    const migrator = testMigrator(db);
    const { error } = await migrator.migrateTo('0018-job-request-ids');
    expect(error).toBeUndefined();
    return db;
  }

  it('keys every record, past the first batch, and sorts them by value and without case', async () => {
    const db = await openAt0018();
    const user = crypto.randomUUID();
    const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
    await sql`insert into users (id, email, password_hash, name, lastname, country, birth_date, language, role, status, referral_code, created_at, updated_at, storage_used)
      values (${user}, 'a@example.com', 'x', 'A', 'B', 'ES', '2000-01-01', 'en', 'user', 'active', 'CODE1234', ${at}, ${at}, 0)`.execute(
      db,
    );
    // More records than one batch of the migration keys, in an order their ids do not give.
    const names = Array.from({ length: 1203 }, (_, i) => (i % 2 ? `Note-${i}.txt` : `note-${i}.txt`));
    for (let start = 0; start < names.length; start += 400) {
      const values = names
        .slice(start, start + 400)
        .map(
          (name, i) =>
            sql`(${crypto.randomUUID()}, ${user}, ${`bafkrei${String(start + i).padStart(52, 'a')}`}, ${name}, null, null, 'auto', 1, 1, 'file', 'text', 1, 'upload', ${at}, 1)`,
        );
      await sql`insert into uploads (id, user_id, cid, name, original_name, custom_name, name_source, size, charged_bytes, type, category, files_count, source, created_at, owned)
        values ${sql.join(values)}`.execute(db);
    }

    await migrateToLatest(db);

    const keys = await db.selectFrom('uploads').select(['name', 'name_key']).execute();
    expect(keys.filter((row) => row.name_key !== nameOrderKey(row.name))).toEqual([]);
    const sorted = await db
      .selectFrom('uploads')
      .select('name')
      .where('user_id', '=', user)
      .orderBy('name_key')
      .orderBy('id')
      .limit(4)
      .execute();
    expect(sorted.map((row) => row.name)).toEqual(['note-0.txt', 'Note-1.txt', 'note-2.txt', 'Note-3.txt']);
    const tenth = await db.selectFrom('uploads').select('name').orderBy('name_key').offset(10).limit(1).executeTakeFirst();
    expect(tenth?.name).toBe('note-10.txt');
  });
});
