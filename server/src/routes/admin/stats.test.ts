import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { incomeBounds, lastDays } from '../../commands/admin/stats-reader';
import type { OrderStatus, RewardReason } from '../../db/schema';
import { createUser, insertOrder, insertReward, uploadFile } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite, withAdmin } from '../../../test/suites';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('income periods and the daily window', () => {
  it('counts months back by the calendar, clamping to shorter months', () => {
    const bounds = incomeBounds(new Date('2025-05-31T12:00:00.000Z'));
    expect(bounds).toEqual({
      '24h': '2025-05-30T12:00:00.000Z',
      '7d': '2025-05-24T12:00:00.000Z',
      '15d': '2025-05-16T12:00:00.000Z',
      '30d': '2025-05-01T12:00:00.000Z',
      '3m': '2025-02-28T12:00:00.000Z',
      '6m': '2024-11-30T12:00:00.000Z',
      '1y': '2024-05-31T12:00:00.000Z',
    });
    expect(incomeBounds(new Date('2024-05-31T00:00:00.000Z'))['3m']).toBe('2024-02-29T00:00:00.000Z');
  });

  it('lists the last N UTC days, today last', () => {
    expect(lastDays(new Date('2025-03-02T23:59:59.999Z'), 3)).toEqual(['2025-02-28', '2025-03-01', '2025-03-02']);
  });
});

describe.each(DRIVERS)('GET /api/v2/admin/stats (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver, { loginLimits: { perIp: 10_000, perEmail: 10, windowSeconds: 60 } }));

  const order = (status: OrderStatus, cents: number, paidAgoMs: number | null, createdAgoMs = paidAgoMs ?? 0) =>
    insertOrder(suite.server, {
      user_id: suite.admin.id,
      plan_code: cents === 4999 ? 'business' : 'pro',
      amount_cents: cents,
      status,
      stripe_session_id: `cs_test_${crypto.randomUUID()}`,
      created_at: ago(createdAgoMs),
      updated_at: ago(createdAgoMs),
      paid_at: paidAgoMs === null ? null : ago(paidAgoMs),
    });

  it('answers figures that match seeded accounts, content, orders and referrals', async () => {
    const [u1, u2, u3, u4] = [
      await createUser(suite.server),
      await createUser(suite.server),
      await createUser(suite.server),
      await createUser(suite.server),
    ];
    const r1 = await createUser(suite.server);
    const r2 = await createUser(suite.server);
    const referred1 = [];
    for (let i = 0; i < 3; i += 1) referred1.push(await createUser(suite.server, { referralCode: r1.referralCode }));
    const referred2 = await createUser(suite.server, { referralCode: r2.referralCode });
    // 11 accounts; u3 was last seen 40 days ago and u4 never signed in: 9 are active.
    await suite.server.app.stores.users.update(u3.id, { last_active_at: ago(40 * DAY), created_at: ago(10 * DAY) });
    await suite.server.app.stores.users.update(u4.id, { last_active_at: null, created_at: ago(45 * DAY) });

    // 3 records, 2 distinct CIDs; one record is 3 days old.
    await uploadFile(suite.server, u1, 'a.txt', 'shared content');
    await uploadFile(suite.server, u2, 'b.txt', 'shared content');
    const old = await uploadFile(suite.server, u2, 'c.txt', 'other');
    await suite.server.app.db
      .updateTable('uploads')
      .set({ created_at: ago(3 * DAY) })
      .where('id', '=', old.uploadId)
      .execute();

    const paid: [number, number][] = [
      [999, 2 * HOUR],
      [4999, 5 * DAY],
      [999, 10 * DAY],
      [999, 20 * DAY],
      [4999, 60 * DAY],
      [999, 150 * DAY],
      [4999, 300 * DAY],
      [999, 500 * DAY],
    ];
    for (const [cents, when] of paid) await order('paid', cents, when);
    // Money that was returned, or never came, is not income.
    await order('refunded', 4999, 1 * HOUR);
    await order('pending', 999, null, HOUR);
    await order('cancel', 999, null, HOUR);

    // A controlled rewards ledger (whatever sign-up granted is replaced); 1 MB is 1,048,576 bytes.
    await suite.server.app.db.deleteFrom('rewards').execute();
    const reward = (userId: string, bytes: number, reason: RewardReason, source: string) =>
      insertReward(suite.server, { user_id: userId, bytes, reason, source_user_id: source });
    for (const user of referred1) {
      await reward(r1.id, 10_485_760, 'referral_signup', user.id);
      await reward(user.id, 10_485_760, 'signup_bonus', r1.id);
    }
    await reward(r2.id, 10_485_760, 'referral_signup', referred2.id);
    await reward(r2.id, 5_000_000_000, 'referral_paid_share', referred2.id);
    await reward(r2.id, -5_000_000_000, 'referral_paid_share_revoked', referred2.id);
    await reward(r2.id, 2_621_440, 'referral_paid_share', referred2.id);

    const res = await suite.server.api.get('/api/v2/admin/stats', { token: suite.admin.token });
    expect(res.status).toBe(200);
    const stats = res.body;
    expect(stats).toMatchObject({ users: 11, activeUsers: 9, files: 3, storedBytes: 14 + 14 + 5, pins: 2 });
    expect(stats.income).toEqual({
      '24h': 9.99,
      '7d': 59.98,
      '15d': 69.97,
      '30d': 79.96,
      '3m': 129.95,
      '6m': 139.94,
      '1y': 189.93,
      all: 199.92,
    });
    expect(stats.topReferrers).toEqual([
      { userId: r1.id, email: r1.email, referrals: 3, earnedMb: 30 },
      { userId: r2.id, email: r2.email, referrals: 1, earnedMb: 12.5 },
    ]);

    // Every one of the last 30 days is present, today last, and matches what was seeded.
    const days = lastDays(new Date(), 30);
    expect(stats.daily.map((d: { date: string }) => d.date)).toEqual(days);
    const dayOf = (ms: number) => ago(ms).slice(0, 10);
    const expected = new Map(days.map((date) => [date, { date, signups: 0, uploads: 0, incomeEur: 0 }]));
    const today = expected.get(days[29]!)!;
    today.signups = 9;
    expected.get(dayOf(10 * DAY))!.signups += 1;
    today.uploads = 2;
    expected.get(dayOf(3 * DAY))!.uploads += 1;
    for (const [cents, when] of paid.filter(([, when]) => when < 29 * DAY)) {
      const day = expected.get(dayOf(when))!;
      day.incomeEur = Math.round(day.incomeEur * 100 + cents) / 100;
    }
    expect(stats.daily).toEqual([...expected.values()]);
  });

  it('ranks at most 10 referrers, most referrals first', async () => {
    const referrers = [];
    for (let i = 0; i < 11; i += 1) {
      const referrer = await createUser(suite.server);
      await createUser(suite.server, { referralCode: referrer.referralCode });
      referrers.push(referrer);
    }
    const res = await suite.server.api.get('/api/v2/admin/stats', { token: suite.admin.token });
    expect(res.body.topReferrers).toHaveLength(10);
    expect(res.body.topReferrers[0].referrals).toBe(3);
    expect(res.body.topReferrers.slice(1).every((r: { referrals: number }) => r.referrals === 1)).toBe(true);
  });

  it('reads the record figures, a read of every record, at most every 30 seconds: a record made meanwhile shows later', async () => {
    const user = await createUser(suite.server);
    await uploadFile(suite.server, user, 'first.txt', 'first of two');
    const stats = async () => (await suite.server.api.get('/api/v2/admin/stats', { token: suite.admin.token })).body;
    const before = await stats();
    await uploadFile(suite.server, user, 'second.txt', 'second of two');
    const after = await stats();
    expect(after.files).toBe(before.files);
    expect(after.daily).toEqual(before.daily);
    // What is read anew on every request is not kept.
    expect(after.users).toBe(before.users);
    await createUser(suite.server);
    expect((await stats()).users).toBe(before.users + 1);
  });
});
