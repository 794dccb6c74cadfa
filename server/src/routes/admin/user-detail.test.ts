import { describe, expect, it } from 'vitest';
import { createApiToken, createUser, uploadFile } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite, withAdmin } from '../../../test/suites';

const MIB = 1024 ** 2;

describe.each(DRIVERS)('one account in full, and bonus grants (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));
  const api = () => suite.server.api;
  const detail = (id: string, token = suite.admin.token) => api().get(`/api/v2/admin/users/${id}`, { token });
  const grant = (id: string, body: unknown, token = suite.admin.token) => api().post(`/api/v2/admin/users/${id}/bonus`, body, { token });

  it('shows the profile, plan, files, tokens, referrals, bonus ledger and log of one account', async () => {
    const referrer = await createUser(suite.server, { name: 'Grace', lastname: 'Hopper', country: 'US', language: 'de' });
    const user = await createUser(suite.server, { referralCode: referrer.referralCode });
    const joined = await createUser(suite.server, { referralCode: user.referralCode });
    await uploadFile(suite.server, user, 'notes.txt', 'twelve bytes');
    await createApiToken(suite.server, user, { name: 'ci-token', expiresInDays: 30 });

    const res = await detail(user.id);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: user.id,
      email: user.email,
      planCode: 'free',
      storageUsed: 12,
      bonusBytes: 20 * MIB, // its own sign-up bonus and one for the account it referred
      referredBy: { id: referrer.id, email: referrer.email },
      referralCode: user.referralCode,
      filesCount: 1,
    });
    expect(res.body.plan).toMatchObject({ code: 'free', name: 'Free' });
    expect(res.body.files).toMatchObject({ total: 1, items: [{ name: 'notes.txt', userEmail: user.email }] });
    expect(res.body.tokens).toMatchObject({ total: 1, items: [{ name: 'ci-token', userId: user.id }] });
    expect(res.body.referrals).toMatchObject({ total: 1, items: [{ referredId: joined.id, referrerId: user.id }] });
    expect(res.body.rewards.items.map((row: { reason: string }) => row.reason).sort()).toEqual(['referral_signup', 'signup_bonus']);
    expect(res.body.logs.items.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining(['generate_token', 'upload', 'signup']),
    );
    expect(res.body.logs.items.every((row: { userId: string }) => row.userId === user.id)).toBe(true);
  });

  it('grants bonus storage as a ledger row, raises the limit at once and logs why', async () => {
    const user = await createUser(suite.server);
    const before = (await detail(user.id)).body.user;
    const res = await grant(user.id, { megabytes: 250, note: '  Lost storage in the outage ' });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      id: user.id,
      bonusBytes: before.bonusBytes + 250 * MIB,
      storageLimit: before.storageLimit + 250 * MIB,
    });
    expect(res.body.reward).toMatchObject({
      userId: user.id,
      bytes: 250 * MIB,
      reason: 'admin_grant',
      sourceUserId: suite.admin.id,
      sourceEmail: suite.admin.email,
    });
    const after = await detail(user.id);
    expect(after.body.rewards.items[0]).toEqual(res.body.reward);
    const usage = await api().get('/api/v2/users/me/usage', { token: user.token });
    expect(usage.body.limit).toBe(res.body.user.storageLimit);
    const log = await suite.server.app.db
      .selectFrom('logs')
      .selectAll()
      .where('action', '=', 'grant_bonus')
      .where('user_id', '=', suite.admin.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details!)).toEqual({
      targetUserId: user.id,
      targetEmail: user.email,
      megabytes: 250,
      note: 'Lost storage in the outage',
    });
  });

  it('refuses bad grants, unknown accounts and non-administrators', async () => {
    const user = await createUser(suite.server);
    for (const body of [{ megabytes: 0, note: 'x' }, { megabytes: 1.5, note: 'x' }, { megabytes: 10 }, { megabytes: 10, note: '  ' }]) {
      const res = await grant(user.id, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
    expect((await grant(user.id, { megabytes: 2 * 1024 * 1024, note: 'too much' })).status).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await detail(unknown)).body).toEqual({ error: 'User not found', code: 'user_not_found' });
    expect((await grant('not-an-id', { megabytes: 1, note: 'x' })).status).toBe(404);
    expect((await detail(user.id, user.token)).status).toBe(403);
    expect((await grant(user.id, { megabytes: 1, note: 'x' }, user.token)).status).toBe(403);
    const rows = await suite.server.app.db.selectFrom('rewards').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
  });
});
