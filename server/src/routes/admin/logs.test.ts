import crypto from 'node:crypto';
import type { AuditAction } from '@cairn/shared/api-types';
import { describe, expect, it } from 'vitest';
import type { LogRow } from '../../db/schema';
import { DRIVERS } from '../../../test/harness';
import { serverSuite, withAdmin } from '../../../test/suites';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
/** Actions nothing else records in this suite, so that filtering on one finds only a test's own rows. */
const PROBE: AuditAction = 'collect_engine_garbage';
const OTHER_PROBE: AuditAction = 'retry_content_job';
const EMAIL_PROBE: AuditAction = 'grant_bonus';

describe.each(DRIVERS)('/api/v2/admin/logs (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));

  const list = (query: string) => suite.server.api.get(`/api/v2/admin/logs${query}`, { token: suite.admin.token });
  const ids = (res: { body: { logs: { id: string }[] } }) => res.body.logs.map((log) => log.id);
  const insert = async (row: Partial<LogRow> & { action?: AuditAction }) => {
    const log: LogRow = {
      id: crypto.randomUUID(),
      type: 'info',
      action: PROBE,
      user_id: null,
      user_email: null,
      details: null,
      ip: null,
      created_at: new Date().toISOString(),
      ...row,
    };
    await suite.server.app.db.insertInto('logs').values(log).execute();
    return log;
  };

  it('lists entries newest first, and filters by type, action, account and dates', async () => {
    const userId = crypto.randomUUID();
    const a = await insert({ user_id: userId, action: PROBE, created_at: '2025-03-01T08:00:00.000Z', details: '{"n":1}' });
    const b = await insert({ user_id: userId, action: OTHER_PROBE, type: 'warning', created_at: '2025-03-02T23:59:59.000Z' });
    const c = await insert({
      user_id: userId,
      action: PROBE,
      type: 'critical',
      created_at: '2025-03-03T00:00:00.000Z',
      ip: '203.0.113.9',
    });
    await insert({ action: PROBE, created_at: '2025-03-02T12:00:00.000Z' });

    const mine = await list(`?userId=${userId}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ total: 3, page: 1, limit: 10 });
    expect(ids(mine)).toEqual([c.id, b.id, a.id]);
    expect(mine.body.logs[2]).toEqual({
      id: a.id,
      type: 'info',
      action: PROBE,
      userId,
      userEmail: null,
      ip: null,
      message: '{"n":1}',
      createdAt: '2025-03-01T08:00:00.000Z',
    });

    expect(ids(await list(`?userId=${userId}&type=warning`))).toEqual([b.id]);
    expect(ids(await list(`?userId=${userId}&action=${PROBE}`))).toEqual([c.id, a.id]);
    expect((await list(`?action=${PROBE}`)).body.total).toBe(3);
    // A day bound covers the whole day; an instant is exact.
    expect(ids(await list(`?userId=${userId}&from=2025-03-02`))).toEqual([c.id, b.id]);
    expect(ids(await list(`?userId=${userId}&to=2025-03-02`))).toEqual([b.id, a.id]);
    expect(ids(await list(`?userId=${userId}&from=2025-03-02&to=2025-03-02`))).toEqual([b.id]);
    expect(ids(await list(`?userId=${userId}&from=2025-03-01T08:00:01Z`))).toEqual([c.id, b.id]);
    expect(ids(await list(`?userId=${userId}&to=2025-03-03T01:59:59%2B02:00`))).toEqual([b.id, a.id]);
    // Empty filters mean none.
    expect((await list(`?userId=${userId}&type=&action=&from=&to=`)).body.total).toBe(3);

    const page = await list(`?userId=${userId}&page=2&limit=2`);
    expect(page.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(ids(page)).toEqual([a.id]);
  });

  it('filters by part of the account email, the recorded one or the current one, in any case', async () => {
    const recorded = await insert({ action: EMAIL_PROBE, user_email: 'Grace.Hopper@Navy.example' });
    const current = await insert({ action: EMAIL_PROBE, user_id: suite.admin.id });
    await insert({ action: EMAIL_PROBE, user_email: 'someone@else.example' });
    await insert({ action: EMAIL_PROBE });

    expect(ids(await list(`?action=${EMAIL_PROBE}&user=hopper@navy`))).toEqual([recorded.id]);
    expect(ids(await list(`?action=${EMAIL_PROBE}&user=${encodeURIComponent(suite.admin.email.toUpperCase())}`))).toEqual([current.id]);
    // LIKE wildcards match themselves only.
    expect((await list(`?action=${EMAIL_PROBE}&user=%25`)).body.total).toBe(0);
    expect((await list(`?action=${EMAIL_PROBE}&user=`)).body.total).toBe(4);
  });

  it('shows what the server itself logged', async () => {
    const res = await list(`?userId=${suite.admin.id}&action=login`);
    expect(res.body.total).toBeGreaterThanOrEqual(1);
    expect(res.body.logs[0]).toMatchObject({ userId: suite.admin.id, userEmail: suite.admin.email, ip: '127.0.0.1', type: 'info' });
  });

  it.each([
    ['?type=debug', 'type must be info, warning or critical'],
    ['?action=DROP%20TABLE', 'action must be an action name such as login'],
    ['?userId=42', 'userId must be a UUID'],
    ['?from=2025-02-30', 'from must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
    ['?from=2025-13-45', 'from must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
    ['?to=2025-00-00', 'to must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
    ['?to=yesterday', 'to must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
    ['?limit=0', 'limit must be at least 1'],
  ])('rejects %s', async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', error: message });
  });

  describe('POST /api/v2/admin/logs/prune', () => {
    const prune = (body?: unknown) => suite.server.api.post('/api/v2/admin/logs/prune', body, { token: suite.admin.token });
    const remaining = async (ids: string[]) =>
      (await suite.server.app.db.selectFrom('logs').select('id').where('id', 'in', ids).execute()).map((row) => row.id).sort();

    it('keeps the last 15 days by default, then the last N days, and logs each prune', async () => {
      // Only rows this test writes are older than a few days (the listing test's are from 2025: prune them first).
      await prune({ olderThanDays: 200 });
      const old = await Promise.all([20, 30, 400].map((days) => insert({ created_at: daysAgo(days) })));
      const middle = await Promise.all([16, 15.01].map((days) => insert({ created_at: daysAgo(days) })));
      const recent = await Promise.all([14, 10, 1].map((days) => insert({ created_at: daysAgo(days) })));

      const first = await prune();
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ removed: 5 });
      expect(await remaining([...old, ...middle].map((l) => l.id))).toEqual([]);
      expect(await remaining(recent.map((l) => l.id))).toEqual(recent.map((l) => l.id).sort());

      const second = await prune({ olderThanDays: 12 });
      expect(second.body).toEqual({ removed: 1 });
      expect(await remaining(recent.map((l) => l.id))).toEqual([recent[1]!.id, recent[2]!.id].sort());

      expect((await prune({ olderThanDays: 12 })).body).toEqual({ removed: 0 });
      // A body that is JSON but no object is refused, not read as "no body".
      for (const body of [null, [], 12]) expect((await prune(body)).body.code).toBe('validation_error');

      const logged = await list('?action=prune_logs&limit=100');
      expect(logged.body.total).toBe(4);
      expect(logged.body.logs[2]).toMatchObject({ userId: suite.admin.id, userEmail: suite.admin.email, ip: '127.0.0.1' });
      expect(JSON.parse(logged.body.logs[2].message)).toMatchObject({ olderThanDays: 15, removed: 5 });
      expect(JSON.parse(logged.body.logs[1].message)).toMatchObject({ olderThanDays: 12, removed: 1 });
    });

    it.each([[{ olderThanDays: 0 }], [{ olderThanDays: 1.5 }], [{ olderThanDays: '15' }], [{ olderThanDays: 100000 }]])(
      'rejects %j',
      async (body) => {
        const before = await suite.server.app.db
          .selectFrom('logs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        const res = await prune(body);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('validation_error');
        const after = await suite.server.app.db
          .selectFrom('logs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(after.n)).toBe(Number(before.n));
      },
    );
  });
});
