import type { Db } from '../db/database';
import type { NewUser, UserRow, UserUpdate } from '../db/schema';

export function createUserStore(db: Db) {
  return {
    findById: (id: string): Promise<UserRow | undefined> => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    findByEmail: (email: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst(),

    findByReferralCode: (code: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('referral_code', '=', code).executeTakeFirst(),

    async insert(user: NewUser, trx: Db = db): Promise<void> {
      await trx.insertInto('users').values(user).execute();
    },

    async update(id: string, changes: UserUpdate): Promise<void> {
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    /**
     * True if the account is active, holding its row until the transaction ends: a record written
     * in it cannot land after the account was disabled (PostgreSQL re-reads the row an update
     * waited for; SQLite runs one writer at a time).
     */
    async holdActive(trx: Db, id: string): Promise<boolean> {
      const result = await trx
        .updateTable('users')
        .set({ status: 'active' })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async countAdmins(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
