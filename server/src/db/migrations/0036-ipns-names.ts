import type { Kysely } from 'kysely';

/**
 * IPNS names. `ipns_keys`: an account's named Ed25519 keys, the private key sealed (AES-256-GCM
 * under a server secret kept apart from the rows), and the name each makes (`k51…`, unique).
 * `ipns_records`: the newest valid signed record of every name this server answers, its own and
 * those published to it through the routing API, with the fields resolution needs read out of it
 * (the sequence as decimal text: IPNS sequences are unsigned 64-bit). `ipns_publications`: the
 * history of an account's names, one row per record published, which rollback reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ipns_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('private_key_ciphertext', 'text', (c) => c.notNull())
    .addColumn('ttl_seconds', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('validity_hours', 'integer', (c) => c.notNull().defaultTo(48))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ipns_keys_user').on('ipns_keys').columns(['user_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('ipns_records')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('sequence', 'text', (c) => c.notNull())
    .addColumn('ttl_seconds', 'integer', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.references('ipns_keys.id').onDelete('cascade'))
    .addColumn('announced_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // What the republisher walks: the account-held records whose validity runs out first.
  await db.schema.createIndex('ipns_records_key_valid').on('ipns_records').columns(['key_id', 'valid_until']).execute();

  await db.schema
    .createTable('ipns_publications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull().references('ipns_keys.id').onDelete('cascade'))
    .addColumn('sequence', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('ttl_seconds', 'integer', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ipns_publications_key_sequence').on('ipns_publications').columns(['key_id', 'sequence']).unique().execute();
  await db.schema.createIndex('ipns_publications_key_published').on('ipns_publications').columns(['key_id', 'published_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ipns_publications').execute();
  await db.schema.dropTable('ipns_records').execute();
  await db.schema.dropTable('ipns_keys').execute();
}
