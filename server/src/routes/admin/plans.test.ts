import { describe, expect, it } from 'vitest';
import { createUser, insertOrder } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite, withAdmin } from '../../../test/suites';

const GIB = 1024 ** 3;

describe.each(DRIVERS)('/api/v2/admin/plans (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));

  const plans = async () =>
    (await suite.server.api.get('/api/v2/admin/plans', { token: suite.admin.token })).body.plans as Record<string, unknown>[];
  const planOf = async (code: string) => (await plans()).find((plan) => plan.code === code);
  const create = (body: unknown) => suite.server.api.post('/api/v2/admin/plans', body, { token: suite.admin.token });
  const patch = (code: string, body: unknown) => suite.server.api.patch(`/api/v2/admin/plans/${code}`, body, { token: suite.admin.token });
  const remove = (code: string) => suite.server.api.delete(`/api/v2/admin/plans/${code}`, { token: suite.admin.token });

  it('lists every plan, cheapest first, with how many accounts hold each', async () => {
    const user = await createUser(suite.server);
    await suite.server.app.stores.users.update(user.id, { plan_code: 'pro' });
    const list = await plans();
    expect(list.slice(0, 3)).toEqual([
      {
        code: 'free',
        name: 'Free',
        storageLimitBytes: GIB,
        priceMonthlyEur: 0,
        description: expect.any(String),
        active: true,
        isDefault: true,
        egressLimitBytes: null,
        egressOverLimit: 'block',
        requestLimitFactor: 1,
        usersCount: 1,
        translations: expect.objectContaining({ de: { name: 'Kostenlos', description: 'Für den Einstieg: 1 GiB gepinnter Speicher.' } }),
      },
      expect.objectContaining({ code: 'pro', priceMonthlyEur: 9.99, storageLimitBytes: 100 * GIB, usersCount: 1, isDefault: false }),
      expect.objectContaining({ code: 'business', priceMonthlyEur: 49.99, storageLimitBytes: 1024 * GIB, usersCount: 0 }),
    ]);
  });

  it('creates a plan, priced in euros to the cent, and logs it', async () => {
    const res = await create({
      code: 'team',
      name: ' Team ',
      storageLimitBytes: 500 * GIB,
      priceMonthlyEur: 24.99,
      description: '500 GB for teams.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      code: 'team',
      name: 'Team',
      storageLimitBytes: 500 * GIB,
      priceMonthlyEur: 24.99,
      description: '500 GB for teams.',
      active: true,
      isDefault: false,
      egressLimitBytes: null,
      egressOverLimit: 'block',
      requestLimitFactor: 1,
      usersCount: 0,
      translations: {},
    });
    expect(await suite.server.app.stores.plans.findByCode('team')).toMatchObject({ price_cents: 2499, active: 1, is_default: 0 });
    expect(await planOf('team')).toEqual(res.body);
    const log = await suite.server.app.db.selectFrom('logs').selectAll().where('action', '=', 'create_plan').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ user_id: suite.admin.id });
    expect(JSON.parse(log.details!)).toMatchObject({ planCode: 'team', priceMonthlyEur: 24.99 });

    const again = await create({ code: 'team', name: 'Other', storageLimitBytes: 1, priceMonthlyEur: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'A plan with this code already exists', code: 'plan_exists' });
  });

  it.each([
    [
      { code: 'Bad Code', name: 'x', storageLimitBytes: 1, priceMonthlyEur: 0 },
      'Plan code must be 1 to 32 lower-case letters, digits, hyphens or underscores',
    ],
    [{ code: 'x1', storageLimitBytes: 1, priceMonthlyEur: 0 }, 'Plan name is required'],
    [{ code: 'x2', name: 'x', storageLimitBytes: 0, priceMonthlyEur: 0 }, 'storageLimitBytes must be at least 1'],
    [{ code: 'x3', name: 'x', storageLimitBytes: 1.5, priceMonthlyEur: 0 }, 'storageLimitBytes must be a whole number of bytes'],
    [{ code: 'x4', name: 'x', storageLimitBytes: 1, priceMonthlyEur: -1 }, 'priceMonthlyEur cannot be negative'],
    [{ code: 'x5', name: 'x', storageLimitBytes: 1, priceMonthlyEur: 9.999 }, 'priceMonthlyEur must have at most two decimals'],
    [{ code: 'x6', name: 'x', storageLimitBytes: 1, priceMonthlyEur: '9.99' }, 'priceMonthlyEur must be a number of euros'],
    [
      { code: 'x7', name: 'x', storageLimitBytes: 1, priceMonthlyEur: 0, isDefault: true, active: false },
      'The default plan must be active',
    ],
  ])('rejects %j', async (body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', error: message });
    expect(await suite.server.app.stores.plans.findByCode((body as { code: string }).code)).toBeUndefined();
  });

  it('sets, changes and removes a monthly egress allowance', async () => {
    const created = await create({
      code: 'metered',
      name: 'Metered',
      storageLimitBytes: GIB,
      priceMonthlyEur: 1,
      egressLimitBytes: 5 * GIB,
    });
    expect(created.body).toMatchObject({ egressLimitBytes: 5 * GIB, egressOverLimit: 'block' });
    expect((await patch('metered', { egressOverLimit: 'serve' })).body).toMatchObject({
      egressLimitBytes: 5 * GIB,
      egressOverLimit: 'serve',
    });
    expect((await patch('metered', { egressLimitBytes: null })).body).toMatchObject({ egressLimitBytes: null, egressOverLimit: 'serve' });
    expect(await planOf('metered')).toMatchObject({ egressLimitBytes: null, egressOverLimit: 'serve' });
    for (const body of [{ egressLimitBytes: 0 }, { egressLimitBytes: 1.5 }, { egressOverLimit: 'throttle' }]) {
      const res = await patch('metered', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });

  it("sets and changes a plan's request limit factor, which the per-token limits of its accounts follow", async () => {
    const created = await create({ code: 'busy', name: 'Busy', storageLimitBytes: GIB, priceMonthlyEur: 1, requestLimitFactor: 5 });
    expect(created.body).toMatchObject({ requestLimitFactor: 5 });
    expect((await create({ code: 'plain', name: 'Plain', storageLimitBytes: GIB, priceMonthlyEur: 1 })).body).toMatchObject({
      requestLimitFactor: 1,
    });
    expect((await patch('busy', { requestLimitFactor: 0 })).body).toMatchObject({ requestLimitFactor: 0 });
    expect(await planOf('busy')).toMatchObject({ requestLimitFactor: 0 });
    expect((await suite.server.app.stores.plans.requestLimitFactors()).get('busy')).toBe(0);
    for (const body of [
      { requestLimitFactor: -1 },
      { requestLimitFactor: 1.5 },
      { requestLimitFactor: 1001 },
      { requestLimitFactor: '2' },
    ]) {
      const res = await patch('busy', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });

  it('edits and deactivates a plan; accounts on it keep it', async () => {
    await create({ code: 'starter', name: 'Starter', storageLimitBytes: 10 * GIB, priceMonthlyEur: 2 });
    const user = await createUser(suite.server);
    await suite.server.app.stores.users.update(user.id, { plan_code: 'starter' });
    const edited = await patch('starter', { name: 'Starter+', priceMonthlyEur: 2.5, storageLimitBytes: 20 * GIB });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      code: 'starter',
      name: 'Starter+',
      priceMonthlyEur: 2.5,
      storageLimitBytes: 20 * GIB,
      usersCount: 1,
    });
    expect((await suite.server.api.get('/api/v2/users/me/usage', { token: user.token })).body.limit).toBe(20 * GIB);

    const off = await patch('starter', { active: false });
    expect(off.body).toMatchObject({ active: false, name: 'Starter+' });
    expect(await planOf('starter')).toMatchObject({ active: false, usersCount: 1 });
    expect((await suite.server.app.stores.users.findById(user.id))?.plan_code).toBe('starter');
    const log = await suite.server.app.db
      .selectFrom('logs')
      .selectAll()
      .where('action', '=', 'update_plan')
      .where('details', 'like', '%starter%')
      .execute();
    expect(log.map((row) => JSON.parse(row.details!).changes)).toEqual(expect.arrayContaining([{ active: false }]));
  });

  it('keeps exactly one default plan, always active', async () => {
    for (const body of [{ active: false }, { isDefault: false }]) {
      const res = await patch('free', body);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('default_plan_protected');
    }
    await create({ code: 'dormant', name: 'Dormant', storageLimitBytes: GIB, priceMonthlyEur: 0, active: false });
    const inactive = await patch('dormant', { isDefault: true });
    expect(inactive.status).toBe(409);
    expect(inactive.body.code).toBe('default_plan_inactive');

    const promoted = await patch('dormant', { isDefault: true, active: true });
    expect(promoted.body).toMatchObject({ isDefault: true, active: true });
    expect(await planOf('free')).toMatchObject({ isDefault: false });
    const newcomer = await createUser(suite.server);
    expect((await suite.server.app.stores.users.findById(newcomer.id))?.plan_code).toBe('dormant');

    // A plan created as the default takes the flag too; then back to free.
    await create({ code: 'launch', name: 'Launch', storageLimitBytes: GIB, priceMonthlyEur: 0, isDefault: true });
    expect((await plans()).filter((plan) => plan.isDefault).map((plan) => plan.code)).toEqual(['launch']);
    await patch('free', { isDefault: true });
    expect((await plans()).filter((plan) => plan.isDefault).map((plan) => plan.code)).toEqual(['free']);
  });

  it('deletes only a plan nobody holds, never the default', async () => {
    await create({ code: 'held', name: 'Held', storageLimitBytes: GIB, priceMonthlyEur: 1 });
    const user = await createUser(suite.server);
    await suite.server.app.stores.users.update(user.id, { plan_code: 'held' });
    const inUse = await remove('held');
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('plan_in_use');
    expect(await planOf('held')).toBeDefined();

    await suite.server.app.stores.users.update(user.id, { plan_code: 'free' });
    const gone = await remove('held');
    expect(gone.status).toBe(204);
    expect(await planOf('held')).toBeUndefined();
    const log = await suite.server.app.db.selectFrom('logs').selectAll().where('action', '=', 'delete_plan').executeTakeFirstOrThrow();
    expect(log.user_id).toBe(suite.admin.id);

    const isDefault = await remove('free');
    expect(isDefault.status).toBe(409);
    expect(isDefault.body.code).toBe('default_plan_protected');
    expect((await remove('held')).body.code).toBe('plan_not_found');
  });

  it('keeps a plan while a checkout of it waits for payment', async () => {
    await create({ code: 'wanted', name: 'Wanted', storageLimitBytes: GIB, priceMonthlyEur: 3 });
    const buyer = await createUser(suite.server);
    const { id: orderId } = await insertOrder(suite.server, { user_id: buyer.id, plan_code: 'wanted', amount_cents: 300 });
    const pending = await remove('wanted');
    expect(pending.status).toBe(409);
    expect(pending.body.code).toBe('plan_in_use');
    await suite.server.app.db.updateTable('orders').set({ status: 'cancel' }).where('id', '=', orderId).execute();
    expect((await remove('wanted')).status).toBe(204);
  });

  it('answers 404 for an unknown plan and 400 for an empty change', async () => {
    const unknown = await patch('platinum', { name: 'Platinum' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('plan_not_found');
    const empty = await patch('pro', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Nothing to change');
  });
});
