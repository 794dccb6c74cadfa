import { beforeAll, describe, expect, it } from 'vitest';
import type { RewardReason } from '../../db/schema';
import { createUser, insertReward, type TestUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite, withAdmin } from '../../../test/suites';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe.each(DRIVERS)('/api/v2/admin/referrals and /api/v2/admin/rewards (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));
  let ref: TestUser;
  let other: TestUser;
  let paying: TestUser;
  let idle: TestUser;
  let disabled: TestUser;
  const rewardIds: string[] = [];

  const reward = async (userId: string, bytes: number, reason: RewardReason, source: string | null, createdAgo: number) => {
    const { id } = await insertReward(suite.server, {
      user_id: userId,
      bytes,
      reason,
      source_user_id: source,
      created_at: ago(createdAgo),
    });
    rewardIds.push(id);
    return id;
  };

  beforeAll(async () => {
    ref = await createUser(suite.server, { email: `referrer-${Date.now()}@example.com` });
    other = await createUser(suite.server);
    paying = await createUser(suite.server, { referralCode: ref.referralCode });
    idle = await createUser(suite.server, { referralCode: ref.referralCode });
    disabled = await createUser(suite.server, { referralCode: other.referralCode });
    await suite.server.app.stores.users.update(paying.id, { plan_code: 'pro' });
    await suite.server.app.stores.users.update(idle.id, { last_active_at: ago(31 * DAY) });
    await suite.server.app.stores.users.update(disabled.id, { status: 'inactive' });
    // A controlled ledger, oldest first (whatever sign-up granted is replaced); 1 MB is 1,048,576 bytes.
    await suite.server.app.db.deleteFrom('rewards').execute();
    await reward(paying.id, 10_485_760, 'signup_bonus', ref.id, 5 * DAY);
    await reward(ref.id, 10_485_760, 'referral_signup', paying.id, 5 * DAY - 1000);
    await reward(ref.id, 10_485_760, 'referral_signup', idle.id, 4 * DAY);
    await reward(ref.id, 5_368_709_120, 'referral_paid_share', paying.id, 3 * DAY);
    await reward(other.id, 10_485_760, 'referral_signup', disabled.id, 2 * DAY);
    await reward(other.id, 1_310_720, 'referral_paid_share', null, DAY);
  });

  const get = (path: string) => suite.server.api.get(`/api/v2/admin/${path}`, { token: suite.admin.token });

  it('lists referred accounts newest first, with what each earned its referrer, paid plan and activity', async () => {
    const res = await get('referrals');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, limit: 10 });
    expect(res.body.referrals).toEqual([
      {
        referrerId: other.id,
        referrerEmail: other.email,
        referredId: disabled.id,
        referredEmail: disabled.email,
        joinedAt: expect.any(String),
        lastActivityAt: expect.any(String),
        earnedMb: 10,
        hasPaidPlan: false,
        active: false,
      },
      expect.objectContaining({ referredId: idle.id, referrerId: ref.id, earnedMb: 10, hasPaidPlan: false, active: false }),
      expect.objectContaining({ referredId: paying.id, referrerId: ref.id, earnedMb: 5130, hasPaidPlan: true, active: true }),
    ]);
  });

  it('searches referrals by either email, and pages', async () => {
    const byReferrer = await get(`referrals?search=${encodeURIComponent(ref.email)}`);
    expect(byReferrer.body.referrals.map((r: { referredId: string }) => r.referredId)).toEqual([idle.id, paying.id]);
    const byReferred = await get(`referrals?search=${encodeURIComponent(disabled.email.toUpperCase())}`);
    expect(byReferred.body.referrals.map((r: { referredId: string }) => r.referredId)).toEqual([disabled.id]);
    const page = await get('referrals?page=2&limit=2');
    expect(page.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.body.referrals.map((r: { referredId: string }) => r.referredId)).toEqual([paying.id]);
  });

  it('lists the rewards ledger newest first with receiver and source', async () => {
    const res = await get('rewards?limit=100');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(6);
    expect(res.body.rewards.map((r: { id: string }) => r.id)).toEqual([...rewardIds].reverse());
    expect(res.body.rewards[0]).toEqual({
      id: rewardIds[5],
      userId: other.id,
      userEmail: other.email,
      bytes: 1_310_720,
      reason: 'referral_paid_share',
      sourceUserId: null,
      sourceEmail: null,
      createdAt: expect.any(String),
    });
    expect(res.body.rewards[2]).toMatchObject({ userId: ref.id, bytes: 5_368_709_120, sourceUserId: paying.id, sourceEmail: paying.email });
  });

  it('searches rewards by receiver or source email, and pages', async () => {
    const mine = await get(`rewards?search=${encodeURIComponent(ref.email)}`);
    // The referrer's three rows, and the sign-up bonus they were the source of.
    expect(mine.body.total).toBe(4);
    const page = await get(`rewards?search=${encodeURIComponent(ref.email)}&page=2&limit=3`);
    expect(page.body.rewards.map((r: { id: string }) => r.id)).toEqual([rewardIds[0]]);
  });
});
