import type { Db } from '../db/database';

export function createTwoFactorStore(db: Db) {
  return {
    findSecret: (userId: string) =>
      db.selectFrom('two_factor_secrets').select(['secret_ciphertext', 'last_step']).where('user_id', '=', userId).executeTakeFirst(),

    /** A new enrolment replaces one that was never confirmed. */
    async putSecret(userId: string, ciphertext: string, now: string): Promise<void> {
      await db
        .insertInto('two_factor_secrets')
        .values({ user_id: userId, secret_ciphertext: ciphertext, last_step: null, created_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_ciphertext: ciphertext, last_step: null, created_at: now }))
        .execute();
    },

    /**
     * Records `step` as used unless it (or a later one) already was: true for exactly one of
     * several requests carrying the same code, whichever instance they reach.
     */
    async useStep(userId: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('two_factor_secrets')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Turns two-factor on with its recovery codes, in one transaction; false if it already was on. */
    async enable(userId: string, codeHashes: Array<{ id: string; hash: string }>, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('users')
          .set({ two_factor_enabled_at: now, updated_at: now })
          .where('id', '=', userId)
          .where('two_factor_enabled_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('two_factor_recovery_codes')
          .values(codeHashes.map(({ id, hash }) => ({ id, user_id: userId, code_hash: hash, used_at: null })))
          .execute();
        return true;
      });
    },

    async disable(userId: string, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ two_factor_enabled_at: null, updated_at: now }).where('id', '=', userId).execute();
        await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
        await trx.deleteFrom('two_factor_secrets').where('user_id', '=', userId).execute();
        await trx.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
      });
    },

    /** Marks an unused recovery code as used: true once, for one request, however many race. */
    async useRecoveryCode(userId: string, hash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('two_factor_recovery_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const row = await db
        .selectFrom('two_factor_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertChallenge(id: string, userId: string, expiresAt: string, now: string): Promise<void> {
      // Expired challenges are of no use to anyone: each new one sweeps them.
      await db.deleteFrom('two_factor_challenges').where('expires_at', '<', now).execute();
      await db.insertInto('two_factor_challenges').values({ id, user_id: userId, expires_at: expiresAt, used_at: null }).execute();
    },

    findLiveChallenge: (id: string, now: string) =>
      db
        .selectFrom('two_factor_challenges')
        .select(['id', 'user_id'])
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),

    /** Spends a challenge: true for the one request that does, whichever instance it reaches. */
    async useChallenge(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('two_factor_challenges')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export function createAdminSettingStore(db: Db) {
  return {
    async all(): Promise<Record<string, string>> {
      const rows = await db.selectFrom('admin_settings').select(['name', 'value']).execute();
      return Object.fromEntries(rows.map((row) => [row.name, row.value]));
    },
    async get(name: string): Promise<string | undefined> {
      const row = await db.selectFrom('admin_settings').select('value').where('name', '=', name).executeTakeFirst();
      return row?.value;
    },
    async put(name: string, value: string, now: string): Promise<void> {
      await db
        .insertInto('admin_settings')
        .values({ name, value, updated_at: now })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now }))
        .execute();
    },
  };
}
