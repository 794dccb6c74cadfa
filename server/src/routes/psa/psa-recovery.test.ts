import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_JOB_RETENTION_MS, sweepOnce } from '../../commands/maintenance';
import { createApiToken, createUser, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { expectPsaError, LOOPBACK_PEERS, psaPinUntil, psaSettled } from '../../../test/psa';

describe.each(DRIVERS)('Pinning Service API after interruptions (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { pinTimeoutMs: 10_000, ipfs: LOOPBACK_PEERS } });
  });
  afterAll(() => server?.close());

  async function pinned(files: Record<string, string>) {
    const owner = await createUser(server);
    const user = await createUser(server);
    const { token } = await createApiToken(server, user);
    const ids: Record<string, string> = {};
    for (const [name, content] of Object.entries(files)) {
      const { cid } = await uploadFile(server, owner, name, content);
      ids[name] = (await server.api.post('/psa/pins', { cid, name }, { token })).body.requestid;
      expect((await psaSettled(server, token, ids[name]!)).status).toBe('pinned');
    }
    return { user, token, ids };
  }
  const total = async (token: string) => (await server.api.get('/api/v2/users/me/uploads', { token })).body.total;

  it('completes a replacement that a crash left between the new pin and the removal of the old', async () => {
    const { token, ids } = await pinned({ 'old.txt': 'old', 'new.txt': 'new' });
    // As if the process died right after the new pin was recorded.
    await server.app.db.updateTable('psa_pins').set({ replaces: ids['old.txt'] }).where('requestid', '=', ids['new.txt']!).execute();
    expect(await total(token)).toBe(2);
    expect((await sweepOnce(server.app)).pinReplacementsFinished).toBe(1);
    expectPsaError(await server.api.get(`/psa/pins/${ids['old.txt']}`, { token }), 404, 'NOT_FOUND');
    expect(await total(token)).toBe(1);
    expect((await sweepOnce(server.app)).pinReplacementsFinished).toBe(0);
  });

  it('keeps the pin jobs that pin requests stand on past the jobs’ retention', async () => {
    const { user, token, ids } = await pinned({ 'kept.txt': 'kept' });
    const long = new Date(Date.now() - PIN_JOB_RETENTION_MS - 3600_000).toISOString();
    await server.app.db.updateTable('pin_jobs').set({ updated_at: long }).where('user_id', '=', user.id).execute();
    await sweepOnce(server.app);
    expect((await server.api.get(`/psa/pins/${ids['kept.txt']}`, { token })).body.status).toBe('pinned');
  });

  it('a request removed while its content was being fetched leaves no record behind', async () => {
    const owner = await createUser(server);
    const { cid } = await uploadFile(server, owner, 'late.txt', 'fetched too late');
    const user = await createUser(server);
    const { token } = await createApiToken(server, user);
    const pin = server.app.content.pin.bind(server.app.content);
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.app.content.pin = async (target, options) => {
      if (target === cid) await gate;
      return pin(target, options);
    };
    try {
      const { body } = await server.api.post('/psa/pins', { cid }, { token });
      await psaPinUntil(server, token, body.requestid, (r) => r.body.status === 'pinning');
      expect((await server.api.delete(`/psa/pins/${body.requestid}`, { token })).status).toBe(202);
      release();
      // The job records the content once it has it, finds its request withdrawn, and removes the
      // record again (an audited removal): wait for that removal.
      const removed = () =>
        server.app.db.selectFrom('logs').select('id').where('user_id', '=', user.id).where('action', '=', 'remove').executeTakeFirst();
      const deadline = Date.now() + 10_000;
      while (!(await removed()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await removed()).toBeDefined();
      const job = await server.app.db.selectFrom('pin_jobs').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'failed', error_code: 'cancelled' });
      expect(await total(token)).toBe(0);
      expect((await server.api.get('/api/v2/users/me/usage', { token })).body.used).toBe(0);
    } finally {
      release();
      server.app.content.pin = pin;
    }
  });
});
