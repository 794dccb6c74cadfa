import type { Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { OrderRow, OrderStatus, OrdersTable } from '../db/schema';

/**
 * Orders. Every state change is a conditional UPDATE that names the states it may leave, so two
 * concurrent deliveries of the same outcome (a webhook and a verification) change the row once.
 */
export function createOrderStore(db: Db) {
  return {
    async insert(order: OrderRow): Promise<void> {
      await db.insertInto('orders').values(order).execute();
    },

    findById: (id: string): Promise<OrderRow | undefined> => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst(),

    findBySession: (sessionId: string): Promise<OrderRow | undefined> =>
      db.selectFrom('orders').selectAll().where('stripe_session_id', '=', sessionId).executeTakeFirst(),

    /** The checkout order that bought the subscription (never one of its renewals). */
    findBySubscription: (subscriptionId: string): Promise<OrderRow | undefined> =>
      db
        .selectFrom('orders')
        .selectAll()
        .where('stripe_subscription_id', '=', subscriptionId)
        .where('renewal_of', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst(),

    /** Records a renewal once per invoice; false when that invoice was already recorded. */
    async insertRenewal(trx: Db, order: OrderRow): Promise<boolean> {
      const result = await trx
        .insertInto('orders')
        .values(order)
        .onConflict((oc) => oc.column('stripe_invoice_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Names the invoice that paid a checkout order, unless one is named already; true when this call did. */
    async linkInvoice(id: string, invoiceId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ stripe_invoice_id: invoiceId, updated_at: now })
        .where('id', '=', id)
        .where('stripe_invoice_id', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('orders as other').select('other.id').where('other.stripe_invoice_id', '=', invoiceId))),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The customer's plan-holding order: paid, applied and not ended. */
    activeForCustomer: (customerId: string): Promise<OrderRow | undefined> =>
      db
        .selectFrom('orders')
        .selectAll()
        .where('stripe_customer_id', '=', customerId)
        .where('status', '=', 'paid')
        .where('applied_at', 'is not', null)
        .where('ended_at', 'is', null)
        .orderBy('applied_at', 'desc')
        .executeTakeFirst(),

    /** The user's plan-holding orders, but `exceptId` (at most one in practice). */
    activeForUser(trx: Db, userId: string, exceptId?: string): Promise<OrderRow[]> {
      let query = trx
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'paid')
        .where('applied_at', 'is not', null)
        .where('ended_at', 'is', null);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return query.execute();
    },

    async update(id: string, changes: Updateable<OrdersTable>): Promise<void> {
      await db.updateTable('orders').set(changes).where('id', '=', id).execute();
    },

    /** Applies `changes` only while the order is in one of `from`; true when this call changed it. */
    async transition(trx: Db, id: string, from: OrderStatus[], changes: Updateable<OrdersTable>): Promise<boolean> {
      const result = await trx.updateTable('orders').set(changes).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Claims the one-time application of a paid order; true for exactly one caller. */
    async markApplied(trx: Db, id: string, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('orders')
        .set({ applied_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'paid')
        .where('applied_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Claims the one-time end of an applied order's plan; true for exactly one caller. */
    async markEnded(trx: Db, id: string, now: string, changes: Updateable<OrdersTable> = {}): Promise<boolean> {
      const result = await trx
        .updateTable('orders')
        .set({ ...changes, ended_at: now, updated_at: now })
        .where('id', '=', id)
        .where('applied_at', 'is not', null)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
