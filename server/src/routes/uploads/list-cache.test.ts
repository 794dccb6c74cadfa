import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser, uploadFile, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

/**
 * A rendered page of the file list is served again while the account's records are unchanged:
 * these are the ways they can change, and each must show on the very next request.
 */
describe.each(DRIVERS)('the file list served again while unchanged (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  const names = async (user: TestUser, query = '') =>
    (await server.api.get(`/api/v2/users/me/uploads${query}`, { token: user.token })).body.files.map((f: { name: string }) => f.name);

  it('shows every upload, rename and delete on the next request', async () => {
    const user = await createUser(server);
    const a = await uploadFile(server, user, 'a.txt', 'aaa');
    expect(await names(user)).toEqual(['a.txt']);
    expect(await names(user)).toEqual(['a.txt']);

    await uploadFile(server, user, 'b.txt', 'bbb');
    expect(await names(user)).toEqual(['b.txt', 'a.txt']);

    expect((await server.api.patch(`/api/v2/uploads/${a.uploadId}`, { name: 'renamed.txt' }, { token: user.token })).status).toBe(200);
    expect(await names(user)).toEqual(['b.txt', 'renamed.txt']);
    expect(await names(user, '?search=renamed')).toEqual(['renamed.txt']);

    expect((await server.api.delete(`/api/v2/uploads/${a.uploadId}`, { token: user.token })).status).toBe(200);
    expect(await names(user)).toEqual(['b.txt']);
    expect(await names(user, '?search=renamed')).toEqual([]);
  });

  it('counts what a filter matches again after any change to the records, their key-values or groups', async () => {
    const user = await createUser(server);
    const meta = (value: Record<string, string>) => `meta=${encodeURIComponent(JSON.stringify(value))}`;
    const a = await uploadFile(server, user, 'a.txt', 'a', `?${meta({ env: 'prod' })}`);
    await uploadFile(server, user, 'b.txt', 'b', `?${meta({ env: 'prod' })}`);
    const c = await uploadFile(server, user, 'c.txt', 'c', `?${meta({ env: 'dev' })}`);
    const page = async (query: string, n: number) =>
      (await server.api.get(`/api/v2/users/me/uploads?limit=1&page=${n}&${query}`, { token: user.token })).body as {
        files: { name: string }[];
        total: number;
      };
    const prod = meta({ env: 'prod' });
    expect(await page(prod, 1)).toMatchObject({ total: 2, files: [{ name: 'b.txt' }] });
    expect(await page(prod, 2)).toMatchObject({ total: 2, files: [{ name: 'a.txt' }] });

    expect((await server.api.patch(`/api/v2/uploads/${c.uploadId}`, { meta: { env: 'prod' } }, { token: user.token })).status).toBe(200);
    expect(await page(prod, 2)).toMatchObject({ total: 3, files: [{ name: 'b.txt' }] });
    expect((await server.api.delete(`/api/v2/uploads/${a.uploadId}`, { token: user.token })).status).toBe(200);
    expect(await page(prod, 1)).toMatchObject({ total: 2, files: [{ name: 'c.txt' }] });

    const group = (await server.api.post('/api/v2/groups', { name: 'kept' }, { token: user.token })).body as { id: string };
    expect(await page(`groupId=${group.id}`, 1)).toMatchObject({ total: 0, files: [] });
    const added = await server.api.post(`/api/v2/groups/${group.id}/uploads`, { uploadIds: [c.uploadId] }, { token: user.token });
    expect(added.status).toBe(200);
    expect(await page(`groupId=${group.id}`, 1)).toMatchObject({ total: 1, files: [{ name: 'c.txt' }] });
    expect((await server.api.delete(`/api/v2/groups/${group.id}`, { token: user.token })).status).toBe(200);
    expect((await server.api.get(`/api/v2/users/me/uploads?groupId=${group.id}`, { token: user.token })).status).toBe(404);
  });

  it('shows changes the application did not make (an operator’s SQL) too', async () => {
    const user = await createUser(server);
    const a = await uploadFile(server, user, 'before.txt', 'x');
    expect(await names(user)).toEqual(['before.txt']);
    await server.app.db.updateTable('uploads').set({ name: 'after.txt' }).where('id', '=', a.uploadId).execute();
    expect(await names(user)).toEqual(['after.txt']);
    await server.app.db.deleteFrom('uploads').where('user_id', '=', user.id).execute();
    expect((await server.api.get('/api/v2/users/me/uploads', { token: user.token })).body).toMatchObject({ files: [], total: 0 });
  });

  it('never shows one account the page of another', async () => {
    const ada = await createUser(server);
    const bob = await createUser(server);
    await uploadFile(server, ada, 'ada.txt', 'ada');
    await uploadFile(server, bob, 'bob.txt', 'bob');
    expect(await names(ada)).toEqual(['ada.txt']);
    expect(await names(bob)).toEqual(['bob.txt']);
  });

  it('still refuses a disabled account or an ended session, even for a page it has seen', async () => {
    const user = await createUser(server);
    await uploadFile(server, user, 'a.txt', 'a');
    expect(await names(user)).toEqual(['a.txt']);
    await server.app.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', user.id).execute();
    const disabled = await server.api.get('/api/v2/users/me/uploads', { token: user.token });
    expect([disabled.status, disabled.body.code]).toEqual([401, 'account_disabled']);

    const other = await createUser(server);
    expect(await names(other)).toEqual([]);
    expect((await server.api.post('/api/v2/auth/logout', undefined, { token: other.token })).status).toBe(204);
    const ended = await server.api.get('/api/v2/users/me/uploads', { token: other.token });
    expect([ended.status, ended.body.code]).toEqual([401, 'session_ended']);
  });

  it('records an API token’s last use to the minute, not on every request', async () => {
    const user = await createUser(server);
    const { id, token } = await createApiToken(server, user);
    const lastUse = async () =>
      await server.app.db.selectFrom('api_tokens').select(['last_used_at', 'last_used_ip']).where('id', '=', id).executeTakeFirstOrThrow();
    expect((await server.api.get('/api/v2/users/me/uploads', { token })).status).toBe(200);
    const first = await lastUse();
    expect(first).toMatchObject({ last_used_ip: '127.0.0.1' });
    expect(first.last_used_at).not.toBeNull();
    expect((await server.api.get('/api/v2/users/me/uploads', { token })).status).toBe(200);
    expect(await lastUse()).toEqual(first);

    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await server.app.db.updateTable('api_tokens').set({ last_used_at: twoMinutesAgo }).where('id', '=', id).execute();
    expect((await server.api.get('/api/v2/users/me', { token })).status).toBe(200);
    expect((await lastUse()).last_used_at! > twoMinutesAgo).toBe(true);
  });
});
