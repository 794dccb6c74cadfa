import { sql, type Kysely } from 'kysely';

/**
 * Private records and signed access links.
 *
 * `uploads.private`: 1 when the gateway may serve the record's content only through a signed link.
 * Every record existing before is public (0), as the gateway served it. `pin_jobs.private`: the
 * record a pin by CID makes is private.
 *
 * `hidden_blocks`: the blocks of the DAG of each root CID some private record holds, written before
 * the record turns private, so that a block inside that DAG asked for by its own CID is refused as
 * its root is (the gateway and bitswap look a block up here, one indexed read). A row counts only
 * while no public record holds its root: rows of a root that turned public again are harmless.
 *
 * `access_links`: signed links to one record. The token is not stored: it is an HMAC of the link's
 * id, CID and expiry with `server_secrets.access_link_key`, recomputed when listed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('private', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('pin_jobs')
    .addColumn('private', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('uploads_cid_private').on('uploads').columns(['cid', 'private']).execute();
  await db.schema
    .createTable('hidden_blocks')
    .addColumn('root_cid', 'text', (c) => c.notNull())
    .addColumn('block_cid', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hidden_blocks_pkey', ['root_cid', 'block_cid'])
    .execute();
  await db.schema.createIndex('hidden_blocks_block').on('hidden_blocks').columns(['block_cid', 'root_cid']).execute();
  await db.schema
    .createTable('access_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('download_name', 'text')
    .addColumn('single_use', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('access_links_upload').on('access_links').columns(['upload_id', 'expires_at_ms']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('access_links').execute();
  await db.schema.dropTable('hidden_blocks').execute();
  await db.schema.dropIndex('uploads_cid_private').execute();
  await db.schema.alterTable('pin_jobs').dropColumn('private').execute();
  await db.schema.alterTable('uploads').dropColumn('private').execute();
}
