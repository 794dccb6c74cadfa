import { sql, type Kysely } from 'kysely';
import { createCountTriggers, dropCountTriggers, isPostgres } from './0004-upload-counts';

/**
 * `users.uploads_version`: a number that changes whenever any of the account's records is
 * inserted, renamed or deleted. It is read with the user on every request, so a page of the file
 * list rendered at one version can be served again while the version stands. The triggers of
 * 0004 are replaced by ones that keep the count and the version together, on SQLite and
 * PostgreSQL alike, whatever code (or operator) changes the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('uploads_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await dropCountTriggers(db);
  if (isPostgres(db)) {
    await sql`create function uploads_follow() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update users set uploads_count = uploads_count + 1, uploads_version = uploads_version + 1 where id = new.user_id;
          return new;
        end if;
        if tg_op = 'DELETE' then
          update users set uploads_count = uploads_count - 1, uploads_version = uploads_version + 1 where id = old.user_id;
          return old;
        end if;
        update users set uploads_version = uploads_version + 1 where id in (old.user_id, new.user_id);
        return new;
      end $$`.execute(db);
    await sql`create trigger uploads_follow after insert or update or delete on uploads
      for each row execute function uploads_follow()`.execute(db);
    return;
  }
  await sql`create trigger uploads_follow_insert after insert on uploads begin
    update users set uploads_count = uploads_count + 1, uploads_version = uploads_version + 1 where id = new.user_id;
  end`.execute(db);
  await sql`create trigger uploads_follow_update after update on uploads begin
    update users set uploads_version = uploads_version + 1 where id in (old.user_id, new.user_id);
  end`.execute(db);
  await sql`create trigger uploads_follow_delete after delete on uploads begin
    update users set uploads_count = uploads_count - 1, uploads_version = uploads_version + 1 where id = old.user_id;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger uploads_follow on uploads`.execute(db);
    await sql`drop function uploads_follow()`.execute(db);
  } else {
    await sql`drop trigger uploads_follow_insert`.execute(db);
    await sql`drop trigger uploads_follow_update`.execute(db);
    await sql`drop trigger uploads_follow_delete`.execute(db);
  }
  await createCountTriggers(db);
  await db.schema.alterTable('users').dropColumn('uploads_version').execute();
}
