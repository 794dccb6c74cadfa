import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signupInput } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

describe.each(DRIVERS)('POST /api/v2/auth/signup (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  it('creates an active user with a lower-cased email and a referral code', async () => {
    const input = signupInput({ email: 'Grace.Hopper@Example.COM' });
    const res = await server.api.post('/api/v2/auth/signup', input);
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      email: 'grace.hopper@example.com',
      role: 'user',
      status: 'active',
      name: 'Ada',
      birthDate: '10/12/1990',
    });
    expect(res.body.user.referralCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(JSON.stringify(res.body)).not.toContain('correct-horse');
    const row = await server.app.stores.users.findByEmail('grace.hopper@example.com');
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a second account for the same email in any letter case', async () => {
    const input = signupInput({ email: 'dup@example.com' });
    expect((await server.api.post('/api/v2/auth/signup', input)).status).toBe(201);
    const again = await server.api.post('/api/v2/auth/signup', { ...input, email: 'DUP@example.com' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('email_taken');
  });

  it.each([
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ email: 'not-an-email' }, 'Enter a valid email address'],
    [{ birthDate: '31/02/2000' }, 'Birth date must be a real past date in DD/MM/YYYY format'],
    [{ birthDate: '2000-01-01' }, 'Birth date must be a real past date in DD/MM/YYYY format'],
    [{ birthDate: '01/01/2999' }, 'Birth date must be a real past date in DD/MM/YYYY format'],
    [{ language: 'xx' }, 'Unsupported language'],
    [{ name: '   ' }, 'Name is required'],
    [{ country: 'ZZ' }, 'Country must be a two-letter ISO 3166-1 code'],
    [{ country: 'Spain' }, 'Country must be a two-letter ISO 3166-1 code'],
  ])('rejects %j with a clear message', async (override, message) => {
    const res = await server.api.post('/api/v2/auth/signup', signupInput(override));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', error: message });
  });

  it('stores a valid referral code and refuses an unknown one', async () => {
    const referrer = await createUser(server);
    const ok = await server.api.post('/api/v2/auth/signup', signupInput({ referralCode: referrer.referralCode.toLowerCase() }));
    expect(ok.status).toBe(201);
    const row = await server.app.stores.users.findById(ok.body.user.id);
    expect(row?.referred_by).toBe(referrer.id);

    const bad = await server.api.post('/api/v2/auth/signup', signupInput({ referralCode: 'NOSUCHCODE' }));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_referral_code');
  });

  it('throttles sign-ups from one IP', async () => {
    const limited = await startTestServer({ driver, config: { signupLimits: { perIp: 2, windowSeconds: 3600 } } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.api.post('/api/v2/auth/signup', signupInput())).status);
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it('records the signup in the audit log without the password', async () => {
    const input = signupInput({ password: 'audit-secret-pw' });
    await server.api.post('/api/v2/auth/signup', input);
    const rows = await server.app.db.selectFrom('logs').selectAll().where('user_email', '=', input.email).execute();
    expect(rows.map((r) => r.action)).toEqual(['signup']);
    expect(rows[0]!.type).toBe('info');
    expect(rows[0]!.ip).toMatch(/127\.0\.0\.1/);
    expect(JSON.stringify(rows)).not.toContain('audit-secret-pw');
  });
});
