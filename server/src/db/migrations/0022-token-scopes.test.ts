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

describe.each(DRIVERS)('migration 0022: the scopes of existing API tokens (%s)', (driver) => {
  let db: Db | undefined;
  let cleanUp: () => Promise<void> = async () => undefined;
  afterEach(async () => {
    await db?.destroy();
    await cleanUp();
  });

  async function openAt0021(): Promise<Db> {
    if (driver === 'pg') {
      const database = await createTestDatabase();
      cleanUp = database.drop;
      db = createDb({ driver: 'pg', url: database.url });
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-0022-'));
      cleanUp = async () => fs.rmSync(dir, { recursive: true, force: true });
      db = createDb({ driver: 'sqlite', file: path.join(dir, 'cairn.sqlite') });
    }
    const migrator = testMigrator(db);
    const { error } = await migrator.migrateTo('0021-binary-size-units');
    expect(error).toBeUndefined();
    return db;
  }

  it('keeps every existing token at full access, for the whole account', async () => {
    const db = await openAt0021();
    const user = crypto.randomUUID();
    const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
    await sql`insert into users (id, email, password_hash, name, lastname, country, birth_date, language, role, status, referral_code, created_at, updated_at, storage_used)
      values (${user}, 'a@example.com', 'x', 'A', 'B', 'ES', '2000-01-01', 'en', 'user', 'active', 'CODE1234', ${at}, ${at}, 0)`.execute(
      db,
    );
    for (const name of ['laptop', 'ci']) {
      await sql`insert into api_tokens (id, user_id, name, token_hash, prefix, created_at)
        values (${crypto.randomUUID()}, ${user}, ${name}, ${crypto.randomBytes(32).toString('hex')}, 'cairn_abcdef', ${at})`.execute(db);
    }

    await migrateToLatest(db);

    const tokens = await db.selectFrom('api_tokens').select(['name', 'scopes', 'group_id']).orderBy('name').execute();
    expect(tokens).toEqual([
      { name: 'ci', scopes: 'all', group_id: null },
      { name: 'laptop', scopes: 'all', group_id: null },
    ]);
  });
});
