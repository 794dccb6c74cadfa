import type { Kysely } from 'kysely';

/**
 * The IPFS Pinning Service API (`/psa`): each pin request is a row of `psa_pins` driven by a pin
 * job of its own, so its status is the job's and its record is the one the job made. `created_at`
 * is unique per account because clients page by it (`before`/`after`). Metadata is kept as one row
 * per key so that the `meta` filter is a plain indexed match on either database. A pin job may name
 * `origins`: peers the engine connects to before fetching.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pin_jobs').addColumn('origins', 'text').execute();

  await db.schema
    .createTable('psa_pins')
    .addColumn('requestid', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.notNull().references('pin_jobs.id').onDelete('cascade'))
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('name_folded', 'text')
    .addColumn('replaces', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('psa_pins_user_created').on('psa_pins').columns(['user_id', 'created_at']).unique().execute();
  await db.schema.createIndex('psa_pins_user_cid').on('psa_pins').columns(['user_id', 'cid']).execute();
  await db.schema.createIndex('psa_pins_job').on('psa_pins').column('job_id').execute();
  await db.schema.createIndex('psa_pins_replaces').on('psa_pins').column('replaces').execute();

  await db.schema
    .createTable('psa_pin_meta')
    .addColumn('requestid', 'text', (c) => c.notNull().references('psa_pins.requestid').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('psa_pin_meta_pk', ['requestid', 'key'])
    .execute();
  await db.schema.createIndex('psa_pin_meta_key_value').on('psa_pin_meta').columns(['key', 'value']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('psa_pin_meta').execute();
  await db.schema.dropTable('psa_pins').execute();
  await db.schema.alterTable('pin_jobs').dropColumn('origins').execute();
}
