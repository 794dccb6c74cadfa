import type { Kysely } from 'kysely';

/**
 * Custom domains: a host name an account serves one of its targets on (`/ipns/<name>` or
 * `/ipfs/<cid>[/path]`), once the host's `_dnslink` TXT record points there. One row per host name
 * over every account (the unique index): who holds it is whoever's target DNS points to (see
 * `domain-adder`). `status`: pending (never checked), verified, failed (DNS no longer matches, or
 * never did; `last_error` says why).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_domains')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hostname', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('verified_at', 'text')
    .addColumn('last_checked_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('custom_domains_hostname').on('custom_domains').column('hostname').unique().execute();
  await db.schema.createIndex('custom_domains_user').on('custom_domains').columns(['user_id', 'created_at', 'id']).execute();
  // What the periodic re-check walks: verified domains, least recently checked first.
  await db.schema.createIndex('custom_domains_checked').on('custom_domains').columns(['status', 'last_checked_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('custom_domains').execute();
}
