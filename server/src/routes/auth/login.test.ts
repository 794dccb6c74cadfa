import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

describe.each(DRIVERS)('POST /api/v2/auth/login and /auth/logout (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { loginLimits: { perIp: 1000, perEmail: 3, windowSeconds: 60 } } });
  });
  afterAll(() => server.close());

  it('returns a JWT carrying sub, email, role and exp', async () => {
    const user = await createUser(server);
    const res = await server.api.post('/api/v2/auth/login', { email: user.email.toUpperCase(), password: user.password });
    expect(res.status).toBe(200);
    const claims = decodeJwt(res.body.token);
    expect(claims).toMatchObject({ sub: user.id, email: user.email, role: 'user' });
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
    expect(new Date(res.body.expiresAt).getTime()).toBe(claims.exp! * 1000);
  });

  it('answers the same message for a wrong password and an unknown email, and logs both as warnings', async () => {
    const user = await createUser(server);
    const wrong = await server.api.post('/api/v2/auth/login', { email: user.email, password: 'nope-nope' });
    const unknown = await server.api.post('/api/v2/auth/login', { email: 'ghost@example.com', password: 'whatever' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid email or password', code: 'invalid_credentials' });
    }
    const logs = await server.app.db
      .selectFrom('logs')
      .selectAll()
      .where('action', '=', 'login')
      .where('type', '=', 'warning')
      .where('user_email', 'in', [user.email, 'ghost@example.com'])
      .execute();
    expect(logs).toHaveLength(2);
    expect(JSON.stringify(logs)).not.toContain('nope-nope');
  });

  it('refuses a disabled account with the spec message', async () => {
    const user = await createUser(server);
    await server.app.stores.users.update(user.id, { status: 'inactive' });
    const res = await server.api.post('/api/v2/auth/login', { email: user.email, password: user.password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Account disabled, contact the administrator', code: 'account_disabled' });
  });

  it('locks an email after repeated failures with 429 and Retry-After, even for the right password', async () => {
    const user = await createUser(server);
    for (let i = 0; i < 3; i++) {
      expect((await server.api.post('/api/v2/auth/login', { email: user.email, password: 'bad-guess' })).status).toBe(401);
    }
    const locked = await server.api.post('/api/v2/auth/login', { email: user.email, password: user.password });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('rate_limited');
    const retry = Number(locked.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
  });

  it('logs out: the JWT stops working at once and the logout is recorded', async () => {
    const user = await createUser(server);
    expect((await server.api.get('/api/v2/users/me', { token: user.token })).status).toBe(200);
    const out = await server.api.post('/api/v2/auth/logout', undefined, { token: user.token });
    expect(out.status).toBe(204);
    const after = await server.api.get('/api/v2/users/me', { token: user.token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('session_ended');
    const logs = await server.app.db.selectFrom('logs').select('action').where('user_id', '=', user.id).execute();
    expect(logs.map((l) => l.action)).toContain('logout');
  });

  it('validates the login body', async () => {
    const res = await server.api.post('/api/v2/auth/login', { email: 'a@b.co' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
  });
});

// Several instances share PostgreSQL; an SQLite deployment is one instance (its data directory is locked).
describe.each(['pg'] as const)('login rate limits across two instances on one database (%s)', (driver) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const limits = { loginLimits: { perIp: 4, perEmail: 100, windowSeconds: 60 } };
    a = await startTestServer({ driver, config: limits });
    b = await startTestServer({ driver, config: limits, shareWith: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('counts attempts from one IP on both instances together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const server = i % 2 === 0 ? a : b;
      statuses.push((await server.api.post('/api/v2/auth/login', { email: `spray${i}@example.com`, password: 'x' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
