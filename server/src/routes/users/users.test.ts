import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

describe.each(DRIVERS)('/api/v2/users/me (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  it('returns the profile without secrets', async () => {
    const user = await createUser(server);
    const res = await server.api.get('/api/v2/users/me', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email, role: 'user', referralCode: user.referralCode });
    expect(res.text).not.toMatch(/password|hash/i);
  });

  it('tells the client its address, the one an IP-restricted token is checked against', async () => {
    const user = await createUser(server);
    const res = await server.api.get('/api/v2/users/me/ip', { token: user.token });
    expect([res.status, res.body]).toEqual([200, { ip: '127.0.0.1' }]);
    // A token restricted to that address works from here.
    const made = await server.api.post(
      '/api/v2/tokens/generate',
      { name: 'here', expiresInDays: null, allowedIp: res.body.ip },
      { token: user.token },
    );
    const used = await server.api.get('/api/v2/users/me', { token: made.body.token });
    expect([made.status, used.status, used.body]).toEqual([201, 200, expect.anything()]);
    expect((await server.api.get('/api/v2/users/me/ip')).status).toBe(401);
  });

  it('updates profile fields, ignores role/email/status, and records it', async () => {
    const user = await createUser(server);
    const res = await server.api.put(
      '/api/v2/users/me',
      { name: 'Grace', country: 'es', language: 'ca', role: 'admin', email: 'x@y.zz', status: 'inactive' },
      { token: user.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Grace', country: 'ES', language: 'ca', role: 'user', email: user.email, status: 'active' });
    const logs = await server.app.db
      .selectFrom('logs')
      .select(['action', 'details'])
      .where('user_id', '=', user.id)
      .where('action', '=', 'update_profile')
      .execute();
    expect(logs).toHaveLength(1);
  });

  it('rejects an empty update and invalid values', async () => {
    const user = await createUser(server);
    expect((await server.api.put('/api/v2/users/me', {}, { token: user.token })).body.error).toBe('Nothing to update');
    const bad = await server.api.put('/api/v2/users/me', { birthDate: '29/02/2001' }, { token: user.token });
    expect(bad.status).toBe(400);
    const longName = await server.api.put('/api/v2/users/me', { name: 'x'.repeat(256) }, { token: user.token });
    expect(longName.status).toBe(400);
  });

  it('changes the password: checks the current one, enforces 6 characters, ends other sessions', async () => {
    const user = await createUser(server);
    const other = (await server.api.post('/api/v2/auth/login', { email: user.email, password: user.password })).body.token;

    const wrong = await server.api.put(
      '/api/v2/users/me/password',
      { currentPassword: 'nope-nope', newPassword: 'new-secret' },
      { token: user.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('wrong_password');
    const short = await server.api.put(
      '/api/v2/users/me/password',
      { currentPassword: user.password, newPassword: '12345' },
      { token: user.token },
    );
    expect(short.body.error).toBe('Password must be at least 6 characters');

    const ok = await server.api.put(
      '/api/v2/users/me/password',
      { currentPassword: user.password, newPassword: 'new-secret' },
      { token: user.token },
    );
    expect(ok.status).toBe(204);
    expect((await server.api.get('/api/v2/users/me', { token: user.token })).status).toBe(200);
    expect((await server.api.get('/api/v2/users/me', { token: other })).status).toBe(401);
    expect((await server.api.post('/api/v2/auth/login', { email: user.email, password: user.password })).status).toBe(401);
    expect((await server.api.post('/api/v2/auth/login', { email: user.email, password: 'new-secret' })).status).toBe(200);
    const logs = await server.app.db.selectFrom('logs').selectAll().where('user_id', '=', user.id).execute();
    expect(JSON.stringify(logs)).not.toContain('new-secret');
  });

  it('reads and saves preferences, with US as the default country', async () => {
    const user = await createUser(server, { country: 'FR', language: 'fr' });
    expect((await server.api.get('/api/v2/users/me/preferences', { token: user.token })).body).toEqual({ language: 'fr', country: 'FR' });
    const saved = await server.api.put('/api/v2/users/me/preferences', { language: 'uk' }, { token: user.token });
    expect(saved.body).toEqual({ language: 'uk', country: 'US' });
    const both = await server.api.put('/api/v2/users/me/preferences', { language: 'eu', country: 'es' }, { token: user.token });
    expect(both.body).toEqual({ language: 'eu', country: 'ES' });
    expect((await server.api.get('/api/v2/users/me', { token: user.token })).body.language).toBe('eu');
    const bad = await server.api.put('/api/v2/users/me/preferences', { language: 'zz' }, { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Unsupported language');
  });
});
