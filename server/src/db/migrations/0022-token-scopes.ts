import type { Kysely } from 'kysely';

/**
 * What an API token may do: `scopes` is `all` (every right of its account, as every token had
 * before scopes existed, so existing tokens keep working as they did) or a space-separated list
 * of scopes; `group_id` optionally limits the token to one group of its account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_tokens')
    .addColumn('scopes', 'text', (column) => column.notNull().defaultTo('all'))
    .execute();
  await db.schema.alterTable('api_tokens').addColumn('group_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_tokens').dropColumn('group_id').execute();
  await db.schema.alterTable('api_tokens').dropColumn('scopes').execute();
}
