import crypto from 'node:crypto';
import { REFERRAL_SIGNUP_BONUS_BYTES, REFERRER_BONUS_BYTES } from '@cairn/shared';
import { sql, type Kysely } from 'kysely';

const PAID_PLANS = [
  { code: 'pro', name: 'Pro', bytes: 100 * 1024 ** 3, cents: 999, description: '100 GB of pinned storage for individuals.' },
  { code: 'business', name: 'Business', bytes: 1024 ** 4, cents: 4999, description: '1 TB of pinned storage for teams.' },
];

/**
 * Paid plans, card orders, Stripe event idempotency and the storage rewards ledger.
 *
 * `rewards` is the source of truth for bonus storage: every grant and every revocation is one row
 * (revocations carry negative bytes). `users.bonus_bytes` is the sum of the user's rows, kept in
 * the same transaction as each insert so that quota checks stay one conditional UPDATE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Orders outlive a deleted account: income statistics must not change when a user leaves.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('plan_code', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stripe_session_id', 'text', (c) => c.unique())
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('stripe_customer_id', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('applied_at', 'text')
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_paid').on('orders').columns(['status', 'paid_at']).execute();
  await db.schema.createIndex('orders_subscription').on('orders').column('stripe_subscription_id').execute();
  await db.schema.createIndex('orders_customer').on('orders').column('stripe_customer_id').execute();

  await db.schema
    .createTable('processed_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rewards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('source_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rewards_user_created').on('rewards').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('rewards_source').on('rewards').columns(['source_user_id', 'user_id']).execute();
  await db.schema.createIndex('rewards_created').on('rewards').column('created_at').execute();

  const now = new Date().toISOString();
  for (const plan of PAID_PLANS) {
    await sql`insert into plans (code, name, storage_limit_bytes, price_cents, description, active, is_default, created_at, updated_at)
      values (${plan.code}, ${plan.name}, ${plan.bytes}, ${plan.cents}, ${plan.description}, 1, 0, ${now}, ${now})`.execute(db);
  }

  // Accounts that signed up with a code before the ledger existed get their bonuses now.
  const referred = await sql<{ id: string; referred_by: string }>`select id, referred_by from users where referred_by is not null`.execute(
    db,
  );
  for (const row of referred.rows) {
    const grants = [
      { user: row.id, reason: 'signup_bonus', source: row.referred_by, bytes: REFERRAL_SIGNUP_BONUS_BYTES },
      { user: row.referred_by, reason: 'referral_signup', source: row.id, bytes: REFERRER_BONUS_BYTES },
    ];
    for (const grant of grants) {
      await sql`insert into rewards (id, user_id, bytes, reason, source_user_id, order_id, created_at)
        values (${crypto.randomUUID()}, ${grant.user}, ${grant.bytes}, ${grant.reason}, ${grant.source}, null, ${now})`.execute(db);
      await sql`update users set bonus_bytes = bonus_bytes + ${grant.bytes} where id = ${grant.user}`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rewards', 'processed_events', 'orders']) await db.schema.dropTable(table).execute();
  await sql`delete from plans where code in ('pro', 'business')`.execute(db);
}
