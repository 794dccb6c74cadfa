import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { migrateToLatest } from '../migrate';
import { testMigrator } from '../../../test/pg';

describe.each(DRIVERS)('migration 0003: referral bonuses of accounts from before the ledger (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  it('grants each side of a referral 10 MB (10 × 1024 × 1024 bytes) in the ledger and in the bonus', async () => {
    const referrer = await createUser(server);
    const friend = await createUser(server, { referralCode: referrer.referralCode });
    const plain = await createUser(server);

    // Back to before the ledger, when accounts had no bonus yet.
    const migrator = testMigrator(server.app.db);
    expect((await migrator.migrateTo('0002-content')).error).toBeUndefined();
    await server.app.db.updateTable('users').set({ bonus_bytes: 0 }).execute();
    await migrateToLatest(server.app.db);

    const ledger = await server.app.db
      .selectFrom('rewards')
      .select(['user_id', 'bytes', 'reason', 'source_user_id'])
      .orderBy('reason')
      .execute();
    expect(ledger).toEqual([
      { user_id: referrer.id, bytes: 10_485_760, reason: 'referral_signup', source_user_id: friend.id },
      { user_id: friend.id, bytes: 10_485_760, reason: 'signup_bonus', source_user_id: referrer.id },
    ]);
    const bonus = async (id: string) =>
      Number((await server.app.db.selectFrom('users').select('bonus_bytes').where('id', '=', id).executeTakeFirstOrThrow()).bonus_bytes);
    expect([await bonus(referrer.id), await bonus(friend.id), await bonus(plain.id)]).toEqual([10_485_760, 10_485_760, 0]);
    const summary = await server.api.get('/api/v2/referrals/me', { token: referrer.token });
    expect(summary.body).toMatchObject({ totalEarnedMb: 10, currentBonusMb: 10 });
  });
});
