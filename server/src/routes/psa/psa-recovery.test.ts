import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_JOB_RETENTION_MS, sweepOnce } from '../../commands/maintenance/sweeper';
import { createApiToken, createUser, uploadFile } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { LOOPBACK_PEERS, psaPinUntil, psaSettled } from '../../../test/psa';

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

  it('keeps the pin jobs that pin requests stand on past the jobs’ retention', async () => {
    const { user, token, ids } = await pinned({ 'kept.txt': 'kept' });
    const long = new Date(Date.now() - PIN_JOB_RETENTION_MS - 3600_000).toISOString();
    await server.app.db.updateTable('pin_jobs').set({ updated_at: long }).where('user_id', '=', user.id).execute();
    await sweepOnce(server.app);
    expect((await server.api.get(`/psa/pins/${ids['kept.txt']}`, { token })).body.status).toBe('pinned');
  });

  it('a request removed while its content was being fetched stops the fetch at once and never becomes a record', async () => {
    const owner = await createUser(server);
    const { cid } = await uploadFile(server, owner, 'late.txt', 'fetched too late');
    const user = await createUser(server);
    const { token } = await createApiToken(server, user);
    const pin = server.app.content.pin.bind(server.app.content);
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let aborted: number | undefined;
    let late: Promise<unknown> | undefined;
    // An engine that ignores the abort and completes the pin later anyway.
    server.app.content.pin = (target, options) => {
      if (target !== cid) return pin(target, options);
      options?.signal?.addEventListener('abort', () => (aborted = Date.now()));
      late = gate.then(() => pin(target, { ...options, signal: undefined }));
      return late as ReturnType<typeof pin>;
    };
    try {
      const { body } = await server.api.post('/psa/pins', { cid }, { token });
      await psaPinUntil(server, token, body.requestid, (r) => r.body.status === 'pinning');
      const removedAt = Date.now();
      expect((await server.api.delete(`/psa/pins/${body.requestid}`, { token })).status).toBe(202);
      expect(aborted! - removedAt).toBeLessThan(1000);
      release();
      await late;
      const job = await server.app.db.selectFrom('pin_jobs').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'failed', error_code: 'cancelled', upload_id: null });
      expect(await total(token)).toBe(0);
      expect((await server.api.get('/api/v2/users/me/usage', { token })).body.used).toBe(0);
      const pinLogs = await server.app.db
        .selectFrom('logs')
        .select('action')
        .where('user_id', '=', user.id)
        .where('action', '=', 'pin')
        .execute();
      expect(pinLogs).toEqual([]);
      // The owner's record still holds the content.
      expect(await server.app.content.isPinned(cid)).toBe(true);
    } finally {
      release();
      server.app.content.pin = pin;
    }
  });
});
