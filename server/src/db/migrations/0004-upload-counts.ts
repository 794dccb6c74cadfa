import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * `users.uploads_count`: how many records the account holds, so that a page of its file list costs
 * no count over all its rows. Database triggers keep it exact whatever code inserts or deletes
 * records (a cascade included), on SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('uploads_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set uploads_count = (select count(*) from uploads where uploads.user_id = users.id)`.execute(db);
  await createCountTriggers(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropCountTriggers(db);
  await db.schema.alterTable('users').dropColumn('uploads_count').execute();
}

/** The count's triggers (0006 replaces them, and puts them back when it is undone). */
export async function createCountTriggers(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create function uploads_count_follow() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update users set uploads_count = uploads_count + 1 where id = new.user_id;
          return new;
        end if;
        update users set uploads_count = uploads_count - 1 where id = old.user_id;
        return old;
      end $$`.execute(db);
    await sql`create trigger uploads_count_follow after insert or delete on uploads
      for each row execute function uploads_count_follow()`.execute(db);
    return;
  }
  await sql`create trigger uploads_count_insert after insert on uploads
    begin update users set uploads_count = uploads_count + 1 where id = new.user_id; end`.execute(db);
  await sql`create trigger uploads_count_delete after delete on uploads
    begin update users set uploads_count = uploads_count - 1 where id = old.user_id; end`.execute(db);
}

export async function dropCountTriggers(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger uploads_count_follow on uploads`.execute(db);
    await sql`drop function uploads_count_follow()`.execute(db);
  } else {
    await sql`drop trigger uploads_count_insert`.execute(db);
    await sql`drop trigger uploads_count_delete`.execute(db);
  }
}

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
