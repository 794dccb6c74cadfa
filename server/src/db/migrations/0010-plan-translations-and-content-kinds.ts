import { sql, type Kysely } from 'kysely';
import { BUILT_IN_PLAN_TRANSLATIONS } from './plan-translations-seed';

/**
 * Two changes to what accounts see of plans and content.
 *
 * `plan_translations`: a plan's name and description per language (English stays on `plans`, the
 * fallback for a language or a field left empty). The built-in plans get theirs, unless an
 * administrator already renamed them.
 *
 * Content kinds follow one rule: the type says what the root is (a UnixFS directory is a
 * `directory`, however it arrived), so folders uploaded as one DAG (`dag` until now) become
 * directories. A directory's category depends on every file in it, which only the content store
 * can read: `category_rechecks` lists the directories whose category maintenance recomputes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plan_translations')
    .addColumn('plan_code', 'text', (c) => c.notNull().references('plans.code').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('plan_translations_pk', ['plan_code', 'language'])
    .execute();

  for (const plan of BUILT_IN_PLAN_TRANSLATIONS) {
    const current = await sql<{ name: string; description: string }>`select name, description from plans where code = ${plan.code}`.execute(
      db,
    );
    const row = current.rows[0];
    if (!row || row.name !== plan.en.name || row.description !== plan.en.description) continue;
    for (const [language, text] of Object.entries(plan.translations)) {
      await sql`insert into plan_translations (plan_code, language, name, description)
        values (${plan.code}, ${language}, ${text.name}, ${text.description})`.execute(db);
    }
  }

  await sql`update uploads set type = 'directory' where type = 'dag'`.execute(db);
  await db.schema
    .createTable('category_rechecks')
    .addColumn('cid', 'text', (c) => c.primaryKey())
    .execute();
  await sql`insert into category_rechecks (cid) select distinct cid from uploads where type = 'directory'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('category_rechecks').execute();
  await db.schema.dropTable('plan_translations').execute();
}
