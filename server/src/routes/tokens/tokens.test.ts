import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createApiToken, createUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

describe.each(DRIVERS)('/api/v2/tokens (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  it('generates a token whose secret is shown once, stored only as a hash, and works as a bearer', async () => {
    const user = await createUser(server);
    const res = await server.api.post('/api/v2/tokens/generate', { name: 'laptop', expiresInDays: 30 }, { token: user.token });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^cairn_[A-Za-z0-9_-]{43}$/);
    expect(res.body).toMatchObject({ name: 'laptop', status: 'active', allowedIp: null });
    const days = (new Date(res.body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const rows = await server.app.db.selectFrom('api_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(JSON.stringify(rows)).not.toContain(res.body.token);

    const me = await server.api.get('/api/v2/users/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);

    const list = await server.api.get('/api/v2/tokens', { token: user.token });
    expect(list.body.tokens).toHaveLength(1);
    expect(list.text).not.toContain(res.body.token);
    expect(list.body.tokens[0]).toMatchObject({ id: res.body.id, lastUsedIp: '127.0.0.1' });
    expect(list.body.tokens[0].lastUsedAt).not.toBeNull();
  });

  it.each([
    [{ name: '', expiresInDays: 30 }, 'Token name is required'],
    [{ expiresInDays: 30 }, 'Token name is required'],
    [{ name: 'forever', expiresInDays: null }, 'An IP restriction is required when the token never expires'],
    [{ name: 'forever', expiresInDays: null, allowedIp: '' }, 'An IP restriction is required when the token never expires'],
    [{ name: 'bad ip', expiresInDays: null, allowedIp: '300.1.1.1' }, 'Enter a valid IP address'],
    [{ name: 'any ip', expiresInDays: null, allowedIp: '0.0.0.0' }, 'Enter a valid IP address'],
    [{ name: 'any ip6', expiresInDays: null, allowedIp: '::' }, 'Enter a valid IP address'],
    [{ name: 'multicast', expiresInDays: 5, allowedIp: '224.0.0.1' }, 'Enter a valid IP address'],
    [{ name: 'zero days', expiresInDays: 0 }, 'expiresInDays must be at least 1'],
    [{ name: 'fraction', expiresInDays: 1.5 }, 'expiresInDays must be a whole number of days or null'],
    [{ name: 'no scope', expiresInDays: 5, scopes: [] }, 'Choose at least one scope'],
    [{ name: 'unknown', expiresInDays: 5, scopes: ['files:delete'] }, expect.stringContaining('Unknown scope')],
    [{ name: 'twice', expiresInDays: 5, scopes: ['psa', 'psa'] }, 'A scope is listed twice'],
    [{ name: 'all and more', expiresInDays: 5, scopes: ['all', 'psa'] }, 'Full access (all) already holds every scope: send it alone'],
    [{ name: 'not a list', expiresInDays: 5, scopes: 'psa' }, 'scopes must be a list of scopes'],
    [{ name: 'bad group', expiresInDays: 5, groupId: 'photos' }, 'groupId must be a group id (a UUID)'],
  ])('rejects %j', async (body, message) => {
    const user = await createUser(server);
    const res = await server.api.post('/api/v2/tokens/generate', body, { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', error: message });
  });

  it('makes a full-access token when no scopes are sent, and keeps the scopes and group asked for', async () => {
    const user = await createUser(server);
    const full = await server.api.post('/api/v2/tokens/generate', { name: 'old client', expiresInDays: 30 }, { token: user.token });
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({ scopes: ['all'], groupId: null });
    const scoped = await server.api.post(
      '/api/v2/tokens/generate',
      { name: 'ci', expiresInDays: 30, scopes: ['files:read', 'pins:write'] },
      { token: user.token },
    );
    expect(scoped.status).toBe(201);
    expect(scoped.body).toMatchObject({ scopes: ['files:read', 'pins:write'], groupId: null });
    const list = (await server.api.get('/api/v2/tokens', { token: user.token })).body.tokens;
    expect(list.map((t: { name: string; scopes: string[] }) => [t.name, t.scopes])).toEqual([
      ['ci', ['files:read', 'pins:write']],
      ['old client', ['all']],
    ]);

    // The scoped token reads but cannot write files, nor manage tokens.
    expect((await server.api.get('/api/v2/users/me/uploads', { token: scoped.body.token })).status).toBe(200);
    const upload = await server.api.request('POST', '/api/v2/upload', { token: scoped.body.token, body: new FormData() });
    expect(upload.status).toBe(403);
    expect(upload.body).toEqual({
      error: 'This API token lacks the files:write scope this operation needs',
      code: 'insufficient_scope',
      scope: 'files:write',
    });
    const generate = await server.api.post('/api/v2/tokens/generate', { name: 'escalate', expiresInDays: 1 }, { token: scoped.body.token });
    expect(generate.status).toBe(403);
    expect(generate.body).toMatchObject({ code: 'insufficient_scope', scope: 'all' });
    expect((await server.api.get('/api/v2/users/me', { token: scoped.body.token })).status).toBe(200);
  });

  it('limits a token only to a group of the account, and keeps it away from the rest of the account', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const theirs = await server.api.post('/api/v2/groups', { name: 'theirs' }, { token: other.token });
    for (const groupId of [crypto.randomUUID(), theirs.body.id]) {
      const refused = await server.api.post(
        '/api/v2/tokens/generate',
        { name: 'album', expiresInDays: 30, scopes: ['files:read'], groupId },
        { token: user.token },
      );
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ code: 'group_not_found' });
    }
    expect((await server.api.get('/api/v2/tokens', { token: user.token })).body.tokens).toEqual([]);

    const groupId = (await server.api.post('/api/v2/groups', { name: 'album' }, { token: user.token })).body.id;
    const res = await server.api.post(
      '/api/v2/tokens/generate',
      { name: 'album', expiresInDays: 30, scopes: ['all'], groupId },
      { token: user.token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ scopes: ['all'], groupId, groupName: 'album' });
    expect((await server.api.get('/api/v2/tokens', { token: user.token })).body.tokens[0]).toMatchObject({ groupId, groupName: 'album' });

    // Full access within its group is still not the account's: its tokens stay out of reach.
    const tokens = await server.api.get('/api/v2/tokens', { token: res.body.token });
    expect(tokens.status).toBe(403);
    expect(tokens.body).toEqual({
      error: 'This API token is limited to one group, and this operation cannot be kept to a group',
      code: 'insufficient_scope',
      scope: 'all',
    });
    expect((await server.api.get('/api/v2/users/me', { token: res.body.token })).status).toBe(200);
  });

  it('stops a token limited to a group once the group is deleted', async () => {
    const user = await createUser(server);
    const groupId = (await server.api.post('/api/v2/groups', { name: 'gone' }, { token: user.token })).body.id;
    const token = (
      await server.api.post(
        '/api/v2/tokens/generate',
        { name: 'gone', expiresInDays: 30, scopes: ['files:read'], groupId },
        { token: user.token },
      )
    ).body.token;
    expect((await server.api.get('/api/v2/users/me/uploads', { token })).status).toBe(200);
    expect((await server.api.delete(`/api/v2/groups/${groupId}`, { token: user.token })).status).toBe(200);

    for (const path of ['/api/v2/users/me/uploads', '/api/v2/users/me']) {
      const refused = await server.api.get(path, { token });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'insufficient_scope' });
      expect(refused.body.error).toBe(`This API token is limited to group ${groupId}, which no longer exists`);
    }
    expect((await server.api.get('/api/v2/tokens', { token: user.token })).body.tokens[0]).toMatchObject({ groupId, groupName: null });
    // A new group never revives it, whatever its name.
    await server.api.post('/api/v2/groups', { name: 'gone' }, { token: user.token });
    expect((await server.api.get('/api/v2/users/me/uploads', { token })).status).toBe(403);
  });

  it('gives admin:* only to administrators', async () => {
    const user = await createUser(server);
    const refused = await server.api.post(
      '/api/v2/tokens/generate',
      { name: 'x', expiresInDays: 1, scopes: ['admin:*'] },
      { token: user.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Only administrators can create tokens with the admin:* scope', code: 'admin_required' });
    expect((await server.api.get('/api/v2/tokens', { token: user.token })).body.tokens).toEqual([]);

    const admin = await createAdmin(server);
    const ops = await createApiToken(server, admin, { name: 'ops', expiresInDays: 1, scopes: ['admin:*'] });
    expect((await server.api.get('/api/v2/admin/stats', { token: ops.token })).status).toBe(200);
    const files = await createApiToken(server, admin, { name: 'files', expiresInDays: 1, scopes: ['files:read'] });
    const stats = await server.api.get('/api/v2/admin/stats', { token: files.token });
    expect(stats.status).toBe(403);
    expect(stats.body).toMatchObject({ code: 'insufficient_scope', scope: 'admin:*' });
    // A demoted administrator's admin:* token opens nothing of the administration.
    await server.app.stores.users.update(admin.id, { role: 'user' });
    expect((await server.api.get('/api/v2/admin/stats', { token: ops.token })).body.code).toBe('admin_required');
  });

  it('accepts a never-expiring token bound to an IP, and an IPv6 restriction', async () => {
    const user = await createUser(server);
    const v4 = await server.api.post(
      '/api/v2/tokens/generate',
      { name: 'server', expiresInDays: null, allowedIp: '127.0.0.1' },
      { token: user.token },
    );
    expect(v4.status).toBe(201);
    expect(v4.body.expiresAt).toBeNull();
    expect((await server.api.get('/api/v2/users/me', { token: v4.body.token })).status).toBe(200);
    const v6 = await server.api.post(
      '/api/v2/tokens/generate',
      { name: 'v6', expiresInDays: 7, allowedIp: '2001:db8::1' },
      { token: user.token },
    );
    expect(v6.status).toBe(201);
    expect(v6.body.allowedIp).toBe('2001:db8::1');
  });

  it('answers 401 with its own code for wrong-IP, expired and revoked tokens', async () => {
    const user = await createUser(server);
    const elsewhere = await createApiToken(server, user, { name: 'office', expiresInDays: null, allowedIp: '10.1.2.3' });
    const wrongIp = await server.api.get('/api/v2/users/me', { token: elsewhere.token });
    expect(wrongIp.status).toBe(401);
    expect(wrongIp.body.code).toBe('token_ip_not_allowed');

    const old = await createApiToken(server, user);
    await server.app.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    const expired = await server.api.get('/api/v2/users/me', { token: old.token });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('token_expired');
    const listed = await server.api.get('/api/v2/tokens', { token: user.token });
    expect(listed.body.tokens.find((t: { id: string }) => t.id === old.id).status).toBe('expired');

    const live = await createApiToken(server, user);
    const revoke = await server.api.delete(`/api/v2/tokens/${live.id}`, { token: user.token });
    expect(revoke.status).toBe(200);
    expect(revoke.body.status).toBe('revoked');
    const revoked = await server.api.get('/api/v2/users/me', { token: live.token });
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('token_revoked');
    const unknown = await server.api.get('/api/v2/users/me', { token: 'cairn_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.body.code).toBe('invalid_token');
  });

  it("never shows or revokes another user's token", async () => {
    const alice = await createUser(server);
    const bob = await createUser(server);
    const token = await createApiToken(server, alice);
    expect((await server.api.get('/api/v2/tokens', { token: bob.token })).body.tokens).toEqual([]);
    const res = await server.api.delete(`/api/v2/tokens/${token.id}`, { token: bob.token });
    expect(res.status).toBe(404);
    expect((await server.api.get('/api/v2/users/me', { token: token.token })).status).toBe(200);
    expect((await server.api.delete('/api/v2/tokens/not-a-uuid', { token: bob.token })).status).toBe(404);
  });

  it('audits generation and revocation without the secret', async () => {
    const user = await createUser(server);
    const token = await createApiToken(server, user);
    await server.api.delete(`/api/v2/tokens/${token.id}`, { token: user.token });
    const logs = await server.app.db.selectFrom('logs').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute();
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['generate_token', 'revoke_token']));
    const all = JSON.stringify(await server.app.db.selectFrom('logs').selectAll().execute());
    expect(all).not.toContain(token.token);
    expect(all).not.toContain(user.password);
    expect(all).not.toContain(user.token);
  });
});
