import { describe, expect, it } from 'vitest';
import { createApiToken, createUser } from '../../../test/factories';
import { DRIVERS } from '../../../test/harness';
import { serverSuite, withAdmin } from '../../../test/suites';

describe.each(DRIVERS)('/api/v2/admin/tokens (%s)', (driver) => {
  const suite = withAdmin(serverSuite(driver));

  const list = (query = '') => suite.server.api.get(`/api/v2/admin/tokens${query}`, { token: suite.admin.token });
  const revoke = (id: string) => suite.server.api.delete(`/api/v2/admin/tokens/${id}`, { token: suite.admin.token });

  it("lists every account's tokens, newest first, with the owner and never a secret", async () => {
    const alice = await createUser(suite.server);
    const bob = await createUser(suite.server);
    const a = await createApiToken(suite.server, alice, { name: 'alice-ci', expiresInDays: null, allowedIp: '127.0.0.1' });
    const album = await suite.server.api.post('/api/v2/groups', { name: 'Album' }, { token: bob.token });
    const b = await createApiToken(suite.server, bob, {
      name: 'bob-laptop',
      expiresInDays: 30,
      scopes: ['files:read'],
      groupId: album.body.id,
    });
    await suite.server.api.get('/api/v2/users/me', { token: a.token });
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(res.body.tokens.map((t: { id: string }) => t.id)).toEqual([b.id, a.id]);
    expect(res.body.tokens[1]).toEqual({
      id: a.id,
      name: 'alice-ci',
      prefix: a.token.slice(0, 12),
      userId: alice.id,
      userEmail: alice.email,
      createdAt: expect.any(String),
      expiresAt: null,
      lastUsedAt: expect.any(String),
      lastUsedIp: '127.0.0.1',
      revokedAt: null,
      allowedIps: ['127.0.0.1'],
      status: 'active',
      scopes: ['all'],
      groupId: null,
      groupName: null,
    });
    expect(res.body.tokens[0]).toMatchObject({
      userId: bob.id,
      allowedIps: [],
      lastUsedAt: null,
      scopes: ['files:read'],
      groupId: album.body.id,
      groupName: 'Album',
    });
    expect(res.text).not.toContain(a.token);
    expect(res.text).not.toContain(b.token);
  });

  it('searches by token name or owner email, and pages', async () => {
    const carol = await createUser(suite.server, { email: `carol-${Date.now()}@example.net` });
    const one = await createApiToken(suite.server, carol, { name: 'deploy-bot', expiresInDays: 5 });
    const two = await createApiToken(suite.server, carol, { name: 'backup', expiresInDays: 5 });
    expect((await list('?search=DEPLOY')).body.tokens.map((t: { id: string }) => t.id)).toEqual([one.id]);
    expect((await list(`?search=${carol.email}`)).body.total).toBe(2);
    const page = await list(`?search=${carol.email}&page=2&limit=1`);
    expect(page.body).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(page.body.tokens.map((t: { id: string }) => t.id)).toEqual([one.id]);
    expect(two.id).not.toBe(one.id);
  });

  it("revokes any account's token: it fails at its next request; revoking again keeps the first time", async () => {
    const dave = await createUser(suite.server);
    const token = await createApiToken(suite.server, dave);
    expect((await suite.server.api.get('/api/v2/users/me', { token: token.token })).status).toBe(200);
    const res = await revoke(token.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: token.id, userId: dave.id, status: 'revoked' });
    const after = await suite.server.api.get('/api/v2/users/me', { token: token.token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('token_revoked');
    // The owner's session is untouched.
    expect((await suite.server.api.get('/api/v2/users/me', { token: dave.token })).status).toBe(200);

    const again = await revoke(token.id);
    expect(again.body.revokedAt).toBe(res.body.revokedAt);
    const logs = await suite.server.app.db
      .selectFrom('logs')
      .selectAll()
      .where('action', '=', 'revoke_token')
      .where('details', 'like', `%${token.id}%`)
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ user_id: suite.admin.id });
    expect(JSON.parse(logs[0]!.details!)).toMatchObject({ tokenId: token.id, ownerId: dave.id, ownerEmail: dave.email });
    expect(logs[0]!.details).not.toContain(token.token);
  });

  it('answers 404 for an unknown token', async () => {
    for (const id of ['3b241101-e2bb-4255-8caf-4136c566a962', 'nope']) {
      const res = await revoke(id);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('token_not_found');
    }
  });
});
