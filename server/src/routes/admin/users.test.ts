import { describe, expect, it } from 'vitest';
import { createApiToken, createUser, insertOrder, uploadFile } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite, withAdmin } from '../../../test/suites';

const GIB = 1024 ** 3;

describe.each(DRIVERS)('/api/v2/admin/users (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));

  const list = (query: string) => suite.server.api.get(`/api/v2/admin/users${query}`, { token: suite.admin.token });
  const patch = (id: string, body: unknown, token = suite.admin.token) =>
    suite.server.api.patch(`/api/v2/admin/users/${id}`, body, { token });

  it('lists accounts newest first with plan, usage and limit (plan plus bonus)', async () => {
    const user = await createUser(suite.server, { name: 'Grace', lastname: 'Hopper' });
    await uploadFile(suite.server, user, 'notes.txt', 'twelve bytes');
    await suite.server.app.stores.users.update(user.id, { bonus_bytes: 10_000_000 });
    const res = await list('?limit=100');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: 100 });
    expect(res.body.total).toBe(res.body.users.length);
    expect(res.body.users[0]).toMatchObject({
      id: user.id,
      email: user.email,
      name: 'Grace',
      lastname: 'Hopper',
      role: 'user',
      status: 'active',
      planCode: 'free',
      storageUsed: 12,
      storageLimit: GIB + 10_000_000,
      bonusBytes: 10_000_000,
    });
    expect(res.body.users[0].lastActiveAt).not.toBeNull();
    expect(res.body.users.find((u: { id: string }) => u.id === suite.admin.id).role).toBe('admin');
  });

  it('searches email, name and last name case-insensitively, and pages', async () => {
    const tag = `zq${Date.now()}`;
    const a = await createUser(suite.server, { email: `${tag}-one@example.com` });
    const b = await createUser(suite.server, { name: `Name${tag.toUpperCase()}` });
    const c = await createUser(suite.server, { lastname: `Last${tag}` });
    await createUser(suite.server, { name: 'Unrelated' });
    const all = await list(`?search=${tag.toUpperCase()}`);
    expect(all.body.total).toBe(3);
    expect(all.body.users.map((u: { id: string }) => u.id)).toEqual([c.id, b.id, a.id]);
    const page2 = await list(`?search=${tag}&page=2&limit=2`);
    expect(page2.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.body.users.map((u: { id: string }) => u.id)).toEqual([a.id]);
    // LIKE wildcards match literally.
    expect((await list('?search=%25')).body.total).toBe(0);
    expect((await list('?search=_')).body.total).toBe(0);
  });

  it('rejects bad paging', async () => {
    for (const query of ['?page=0', '?limit=101', '?limit=abc']) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });

  it('disables an account: its session and API token fail at the next request and stay ended, and it cannot sign in until enabled', async () => {
    const user = await createUser(suite.server);
    const token = await createApiToken(suite.server, user);
    expect((await suite.server.api.get('/api/v2/users/me', { token: user.token })).status).toBe(200);

    const res = await patch(user.id, { status: 'inactive' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, status: 'inactive' });
    expect((await suite.server.app.stores.users.findById(user.id))?.status).toBe('inactive');
    for (const credential of [user.token, token.token]) {
      const me = await suite.server.api.get('/api/v2/users/me', { token: credential });
      expect(me.status).toBe(401);
      expect(me.body.code).toBe('account_disabled');
    }
    const login = await suite.server.api.post('/api/v2/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe('account_disabled');
    expect((await list('?search=' + user.email)).body.users[0].status).toBe('inactive');

    expect((await patch(user.id, { status: 'active' })).body.status).toBe('active');
    const oldSession = await suite.server.api.get('/api/v2/users/me', { token: user.token });
    expect([oldSession.status, oldSession.body.code]).toEqual([401, 'session_ended']);
    const oldToken = await suite.server.api.get('/api/v2/users/me', { token: token.token });
    expect([oldToken.status, oldToken.body.code]).toEqual([401, 'token_revoked']);
    const again = await suite.server.api.post('/api/v2/auth/login', { email: user.email, password: user.password });
    expect(again.status).toBe(200);
    const me = await suite.server.api.get('/api/v2/users/me', { token: again.body.token });
    expect(me.status).toBe(200);
    expect(me.body.status).toBe('active');
  });

  it('promotes, demotes and moves an account to another plan', async () => {
    const user = await createUser(suite.server);
    const promoted = await patch(user.id, { role: 'admin' });
    expect(promoted.body.role).toBe('admin');
    expect((await suite.server.api.get('/api/v2/admin/stats', { token: user.token })).status).toBe(200);
    expect((await patch(user.id, { role: 'user' })).body.role).toBe('user');
    expect((await suite.server.api.get('/api/v2/admin/stats', { token: user.token })).status).toBe(403);

    const moved = await patch(user.id, { planCode: 'pro' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ planCode: 'pro', storageLimit: 100 * GIB });
    expect((await suite.server.api.get('/api/v2/users/me/usage', { token: user.token })).body.limit).toBe(100 * GIB);
  });

  it("moves an account to another plan by the billing rules: the referrer's share follows and a running subscription ends", async () => {
    const referrer = await createUser(suite.server);
    const user = await createUser(suite.server, { referralCode: referrer.referralCode });
    const shares = async () =>
      (
        await suite.server.app.db
          .selectFrom('rewards')
          .select(['bytes', 'reason'])
          .where('user_id', '=', referrer.id)
          .where('source_user_id', '=', user.id)
          .where('reason', 'in', ['referral_paid_share', 'referral_paid_share_revoked'])
          .orderBy('created_at')
          .execute()
      ).map((row) => [row.reason, Number(row.bytes)]);
    await patch(user.id, { planCode: 'pro' });
    const share = Math.round(100 * GIB * 0.05);
    expect(await shares()).toEqual([['referral_paid_share', share]]);

    // The account was paying for Business; an administrator puts it on Free.
    const now = new Date().toISOString();
    const { id: orderId } = await insertOrder(suite.server, {
      user_id: user.id,
      plan_code: 'business',
      amount_cents: 4999,
      status: 'paid',
      paid_at: now,
      applied_at: now,
    });
    const res = await patch(user.id, { planCode: 'free' });
    expect(res.body).toMatchObject({
      planCode: 'free',
      storageLimit: GIB + Number((await suite.server.app.stores.users.findById(user.id))!.bonus_bytes),
    });
    expect(await shares()).toEqual([
      ['referral_paid_share', share],
      ['referral_paid_share_revoked', -share],
    ]);
    const order = await suite.server.app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.ended_at).not.toBeNull();
  });

  it('writes each change to the audit log under the administrator, naming the target', async () => {
    const user = await createUser(suite.server);
    await patch(user.id, { status: 'inactive', planCode: 'business' });
    const row = await suite.server.app.db
      .selectFrom('logs')
      .selectAll()
      .where('action', '=', 'update_user')
      .where('details', 'like', `%${user.id}%`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: suite.admin.id, user_email: suite.admin.email, type: 'warning', ip: '127.0.0.1' });
    expect(JSON.parse(row.details!)).toEqual({
      targetUserId: user.id,
      targetEmail: user.email,
      changes: { status: { from: 'active', to: 'inactive' }, planCode: { from: 'free', to: 'business' } },
    });
  });

  it('refuses to let administrators disable or demote themselves', async () => {
    for (const body of [{ status: 'inactive' }, { role: 'user' }, { role: 'user', planCode: 'pro' }]) {
      const res = await patch(suite.admin.id, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'You cannot disable or demote your own account', code: 'cannot_modify_self' });
    }
    const me = await suite.server.app.stores.users.findById(suite.admin.id);
    expect(me).toMatchObject({ role: 'admin', status: 'active', plan_code: 'free' });
    // Changing one's own plan is allowed.
    expect((await patch(suite.admin.id, { planCode: 'pro', role: 'admin' })).body.planCode).toBe('pro');
  });

  it('answers 404 for an unknown account or plan and 400 for a bad body', async () => {
    const user = await createUser(suite.server);
    const unknownUser = await patch('3b241101-e2bb-4255-8caf-4136c566a962', { status: 'inactive' });
    expect(unknownUser.status).toBe(404);
    expect(unknownUser.body.code).toBe('user_not_found');
    expect((await patch('not-a-uuid', { status: 'inactive' })).body.code).toBe('user_not_found');
    const unknownPlan = await patch(user.id, { planCode: 'platinum' });
    expect(unknownPlan.status).toBe(404);
    expect(unknownPlan.body.code).toBe('plan_not_found');
    for (const body of [{}, { status: 'disabled' }, { role: 'root' }, { planCode: '' }]) {
      const res = await patch(user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
    // The admin API speaks the same statuses as the rest of the API.
    expect((await patch(user.id, { status: 'disabled' })).body.error).toBe('status must be active or inactive');
    expect(await suite.server.app.stores.users.findById(user.id)).toMatchObject({ status: 'active', role: 'user', plan_code: 'free' });
  });
});
