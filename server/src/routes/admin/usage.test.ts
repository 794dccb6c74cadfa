import { describe, expect, it } from 'vitest';
import { sweepOnce } from '../../commands/maintenance/sweeper';
import { USAGE_CHECK_INTERVAL_MS } from '../../commands/quota/usage-checker';
import { createUser, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite, withAdmin } from '../../../test/suites';

describe.each(DRIVERS)('/api/v2/admin/usage/checks (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));

  const list = (token = suite.admin.token) => suite.server.api.get('/api/v2/admin/usage/checks', { token });
  const run = (body?: { repair: boolean }, token = suite.admin.token) =>
    suite.server.api.post('/api/v2/admin/usage/checks', body, { token });
  const usage = async (user: TestUser): Promise<number> =>
    (await suite.server.api.get('/api/v2/users/me/usage', { token: user.token })).body.used as number;
  /** Usage set off by hand, as a lost refund or a charge counted twice would leave it. */
  const skew = (user: TestUser, used: number) =>
    suite.server.app.db.updateTable('users').set({ storage_used: used }).where('id', '=', user.id).execute();
  const metric = async (name: string): Promise<number> => {
    const res = await suite.server.api.get('/metrics', { token: suite.admin.token });
    const line = (res.text as string).split('\n').find((l) => l.startsWith(`${name} `));
    return Number(line?.split(' ')[1]);
  };

  it('the deployment checked once at start; the check lists what it found', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.intervalSeconds).toBe(3600);
    expect(res.body.checks.at(-1)).toMatchObject({ trigger: 'schedule', repair: true, accountsOff: 0, findings: [] });
  });

  it('finds accounts whose usage is not the sum of their records, reports them, and sets them right', async () => {
    const over = await createUser(suite.server);
    const under = await createUser(suite.server);
    const a = await uploadFile(suite.server, over, 'a.txt', 'twenty bytes of text');
    const b = await uploadFile(suite.server, under, 'b.txt', 'ten bytes!');
    await skew(over, a.size + 500);
    await skew(under, 0);

    const report = await run({ repair: false });
    expect(report.status).toBe(200);
    expect(report.body.check).toMatchObject({
      trigger: 'admin',
      repair: false,
      accountsOff: 2,
      bytesOff: 500 + b.size,
      accountsRepaired: 0,
    });
    expect(report.body.check.findings).toEqual([
      { userId: over.id, email: over.email, storageUsed: a.size + 500, recordsBytes: a.size, repaired: false },
      { userId: under.id, email: under.email, storageUsed: 0, recordsBytes: b.size, repaired: false },
    ]);
    expect(await usage(over)).toBe(a.size + 500);
    expect(await metric('cairn_usage_drift_accounts')).toBe(2);
    expect(await metric('cairn_usage_drift_bytes')).toBe(500 + b.size);

    const repaired = await run();
    expect(repaired.body.check).toMatchObject({ repair: true, accountsOff: 2, accountsRepaired: 2 });
    expect(repaired.body.check.findings.map((f: { repaired: boolean }) => f.repaired)).toEqual([true, true]);
    expect([await usage(over), await usage(under)]).toEqual([a.size, b.size]);
    expect(await metric('cairn_usage_repaired_accounts')).toBe(2);

    const clean = await run();
    expect(clean.body.check).toMatchObject({ accountsOff: 0, bytesOff: 0, accountsRepaired: 0, findings: [] });
    expect(await metric('cairn_usage_drift_accounts')).toBe(0);
    expect((await list()).body.checks.slice(0, 3).map((c: { id: string }) => c.id)).toEqual([
      clean.body.check.id,
      repaired.body.check.id,
      report.body.check.id,
    ]);
    const logged = await suite.server.app.db
      .selectFrom('logs')
      .selectAll()
      .where('action', '=', 'check_usage')
      .orderBy('created_at')
      .execute();
    expect(logged.map((row) => [row.user_id, row.type])).toEqual([
      [suite.admin.id, 'warning'],
      [suite.admin.id, 'warning'],
      [suite.admin.id, 'info'],
    ]);
  });

  it('the maintenance sweep checks once an interval, whichever instance gets there first, and repairs', async () => {
    const user = await createUser(suite.server);
    const file = await uploadFile(suite.server, user, 'c.txt', 'some bytes');
    await skew(user, 1);
    const later = Date.now() + USAGE_CHECK_INTERVAL_MS + 60_000;
    expect((await sweepOnce(suite.server.app, later)).usageChecks).toBe(1);
    expect(await usage(user)).toBe(file.size);
    await skew(user, 2);
    // The lease the last check took lasts the interval: not again yet.
    expect((await sweepOnce(suite.server.app, later + 60_000)).usageChecks).toBe(0);
    expect(await usage(user)).toBe(2);
    expect((await sweepOnce(suite.server.app, later + USAGE_CHECK_INTERVAL_MS + 60_000)).usageChecks).toBe(1);
    expect(await usage(user)).toBe(file.size);
  });

  it('is for administrators only, and takes only a boolean repair', async () => {
    const user = await createUser(suite.server);
    expect((await list(user.token)).status).toBe(403);
    expect((await run(undefined, user.token)).body.code).toBe('admin_required');
    const bad = await suite.server.api.post('/api/v2/admin/usage/checks', { repair: 'yes' }, { token: suite.admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
  });
});
