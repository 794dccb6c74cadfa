import type { Kysely } from 'kysely';

/**
 * A webhook secret being rotated: the secret it replaced, sealed like the current one, keeps
 * signing deliveries beside it (a second `v1`) until `previous_secret_expires_at`, so receivers
 * can move to the new secret without dropping a delivery.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret_ciphertext', 'text').execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret_expires_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret_expires_at').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret_ciphertext').execute();
}
