import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKuboServer, type EngineUnderTest } from '../../../test/engines';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import { DRIVERS, type TestServer } from '../../../test/harness';
import { serverSuite, withAdmin } from '../../../test/suites';
import { HOLD_PREFIX } from '../../lib/engine-gc-lock';
import { eventually } from '../../../test/eventually';

describe.each(DRIVERS)('/api/v2/admin/engine/gc on the kubo engine (%s)', (driver) => {
  let engine: EngineUnderTest;
  let server: TestServer;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    ({ engine, server } = await startKuboServer(driver));
    admin = await createAdmin(server);
    user = await createUser(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await engine?.stop();
  }, 60_000);

  const get = (token = admin.token) => server.api.get('/api/v2/admin/engine/gc', { token });
  const post = (token = admin.token) => server.api.post('/api/v2/admin/engine/gc', {}, { token });

  it('shows the schedule and no run before the first', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ engine: 'kubo', supported: true, intervalHours: 24, running: false, runs: [] });
    expect(Date.parse(res.body.nextRunAt)).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it('starts a run (202), refuses a second while it runs (409 gc_running), then lists it done and logs who asked', async () => {
    // An upload in flight on another instance keeps the run waiting, so that it is seen running.
    const leases = server.app.stores.leases;
    const hold = `${HOLD_PREFIX}an-upload`;
    await leases.acquire(hold, 'another instance', new Date().toISOString(), new Date(Date.now() + 60_000).toISOString());
    let runId: string;
    try {
      const started = await post();
      expect(started.status).toBe(202);
      expect(started.body.run).toMatchObject({
        trigger: 'admin',
        status: 'running',
        finishedAt: null,
        blocksRemoved: null,
        instanceId: server.app.instanceId,
      });
      runId = started.body.run.id;

      const again = await post();
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('gc_running');
      const during = await get();
      expect(during.body.running).toBe(true);
      expect(during.body.runs[0]).toMatchObject({ id: runId, status: 'running' });
    } finally {
      await leases.release(hold, 'another instance');
    }
    await eventually('the run to end', async () => (await get()).body.runs[0]?.status === 'done');
    const after = await get();
    expect(after.body.running).toBe(false);
    expect(after.body.runs[0]).toMatchObject({ id: runId!, status: 'done', error: null });
    expect(after.body.runs[0].blocksRemoved).toBeGreaterThanOrEqual(0);
    expect(Date.parse(after.body.nextRunAt)).toBe(Date.parse(after.body.runs[0].finishedAt) + 24 * 3600_000);

    const logged = await server.app.db.selectFrom('logs').selectAll().where('action', '=', 'collect_engine_garbage').execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.user_id).toBe(admin.id);
  });

  it('is for administrators only', async () => {
    expect((await get(user.token)).status).toBe(403);
    expect((await post(user.token)).status).toBe(403);
    expect((await server.api.get('/api/v2/admin/engine/gc')).status).toBe(401);
    expect(await server.app.stores.engineGcRuns.recent(10)).toHaveLength(1);
  });
});

describe('/api/v2/admin/engine/gc on the embedded engine', () => {
  const suite = withAdmin(serverSuite('sqlite'));

  it('says it has no collection, and refuses to start one with gc_unsupported', async () => {
    const res = await suite.server.api.get('/api/v2/admin/engine/gc', { token: suite.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ engine: 'embedded', supported: false, intervalHours: 24, running: false, nextRunAt: null, runs: [] });
    const started = await suite.server.api.post('/api/v2/admin/engine/gc', {}, { token: suite.admin.token });
    expect(started.status).toBe(409);
    expect(started.body.code).toBe('gc_unsupported');
  });
});
