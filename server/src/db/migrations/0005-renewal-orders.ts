import type { Kysely } from 'kysely';

/**
 * Subscription renewals as orders of their own, so that each month's payment counts as income.
 *
 * `stripe_invoice_id` names the invoice an order was paid by; its unique index makes recording a
 * renewal idempotent across redeliveries and instances (NULLs, the orders without one, never clash).
 * `renewal_of` links a renewal to the checkout order that started the subscription; a renewal
 * never holds a plan itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds a single column per ALTER TABLE.
  await db.schema.alterTable('orders').addColumn('stripe_invoice_id', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('renewal_of', 'text', (c) => c.references('orders.id'))
    .execute();
  // SQLite cannot add a UNIQUE column; a unique index gives the same guarantee on both databases.
  await db.schema.createIndex('orders_invoice').unique().on('orders').column('stripe_invoice_id').execute();
  await db.schema.createIndex('orders_renewal_of').on('orders').column('renewal_of').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_renewal_of').execute();
  await db.schema.dropIndex('orders_invoice').execute();
  await db.schema.alterTable('orders').dropColumn('renewal_of').execute();
  await db.schema.alterTable('orders').dropColumn('stripe_invoice_id').execute();
}
