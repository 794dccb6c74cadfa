import { sql, type Kysely } from 'kysely';
import { nameOrderKey } from '../../lib/name-order';
import { isPostgres } from './0004-upload-counts';

/** Rows keyed per round trip while existing records get their key. */
const BATCH = 500;

/** The table as this migration knows it (the schema's types are those of the latest migration). */
type Keyed = Kysely<{ uploads: { id: string; name: string; name_key: string } }>;

/**
 * `uploads.name_key`: what the file list sorts by name on (see `nameOrderKey`), compared as bytes
 * on both databases (PostgreSQL's "C" collation; SQLite's BINARY is its default), with an index
 * that serves a page of an account in that order. Existing records get theirs here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('name_key', 'text', (c) => {
      const column = c.notNull().defaultTo('');
      return isPostgres(db) ? column.modifyFront(sql`collate "C"`) : column;
    })
    .execute();
  const keyed = db as unknown as Keyed;
  for (let after = ''; ;) {
    const rows = await keyed.selectFrom('uploads').select(['id', 'name']).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    for (const row of rows) {
      await keyed
        .updateTable('uploads')
        .set({ name_key: nameOrderKey(row.name) })
        .where('id', '=', row.id)
        .execute();
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  await db.schema.createIndex('uploads_user_name_key').on('uploads').columns(['user_id', 'name_key', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uploads_user_name_key').execute();
  await db.schema.alterTable('uploads').dropColumn('name_key').execute();
}
