import type { Kysely } from 'kysely';

/**
 * `group_id` of a resumable upload and of a signed upload URL: the group the record it makes goes
 * into, when an API token limited to that group started it (null for every other, and for those made
 * before). Kept with the upload, since its record is written by a later request, possibly on
 * another instance or through the URL with no token at all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('resumable_uploads').addColumn('group_id', 'text').execute();
  await db.schema.alterTable('signed_uploads').addColumn('group_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('resumable_uploads').dropColumn('group_id').execute();
  await db.schema.alterTable('signed_uploads').dropColumn('group_id').execute();
}
