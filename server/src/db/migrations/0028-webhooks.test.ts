import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedTestDb } from '../../../test/pg';
import { DRIVERS } from '../../../test/harness';
import type { Db } from '../database';

describe.each(DRIVERS)('migration 0028: webhook endpoints, events and deliveries (%s)', (driver) => {
  let close: () => Promise<void> = async () => undefined;
  afterEach(() => close());

  async function open(): Promise<Db> {
    const opened = await migratedTestDb(driver);
    close = opened.close;
    return opened.db;
  }

  it('delivers an event to an endpoint once, and drops the deliveries of a deleted endpoint', async () => {
    const db = await open();
    const user = crypto.randomUUID();
    const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
    await sql`insert into users (id, email, password_hash, name, lastname, country, birth_date, language, role, status, referral_code, created_at, updated_at, storage_used)
      values (${user}, 'a@example.com', 'x', 'A', 'B', 'ES', '2000-01-01', 'en', 'user', 'active', 'CODE1234', ${at}, ${at}, 0)`.execute(
      db,
    );
    const endpoint = crypto.randomUUID();
    await db
      .insertInto('webhook_endpoints')
      .values({
        id: endpoint,
        user_id: user,
        url: 'https://hooks.example.com/cairn',
        description: '',
        events: '["upload.created"]',
        secret_ciphertext: 'sealed',
        enabled: 1,
        disabled_reason: null,
        consecutive_failures: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const event = crypto.randomUUID();
    await db
      .insertInto('webhook_events')
      .values({ id: event, user_id: user, type: 'upload.created', payload: '{}', created_at: at })
      .execute();
    const delivery = (id: string) => ({
      id,
      endpoint_id: endpoint,
      event_id: event,
      status: 'pending' as const,
      attempts: 0,
      last_status_code: null,
      last_error: null,
      last_latency_ms: null,
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
    });
    await db.insertInto('webhook_deliveries').values(delivery(crypto.randomUUID())).execute();
    await expect(db.insertInto('webhook_deliveries').values(delivery(crypto.randomUUID())).execute()).rejects.toThrow();

    await db.deleteFrom('webhook_endpoints').where('id', '=', endpoint).execute();
    expect(await db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('webhook_events').select('id').execute()).toEqual([{ id: event }]);
  });
});
