import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createApiToken, createUser, type TestUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';
import { loginLimiter } from '../../commands/accounts/lib/login-limiter';

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const codeFor = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

describe.each(DRIVERS)('two-factor sign-in (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { loginLimits: { perIp: 1000, perEmail: 3, windowSeconds: 60 } } });
  });
  afterAll(() => server.close());

  /** Enrols `user` (code of the current step) and answers the secret and the recovery codes. */
  async function enrol(user: TestUser) {
    const start = await server.api.post('/api/v2/users/me/two-factor/enrolment', undefined, { token: user.token });
    expect(start.status).toBe(200);
    const { secret } = start.body as { secret: string };
    const confirm = await server.api.post('/api/v2/users/me/two-factor/confirm', { code: codeFor(secret) }, { token: user.token });
    expect(confirm.status).toBe(200);
    return { secret, recoveryCodes: confirm.body.recoveryCodes as string[] };
  }

  const login = (user: TestUser) => server.api.post('/api/v2/auth/login', { email: user.email, password: user.password });
  const finish = (challenge: string, code: string) => server.api.post('/api/v2/auth/login/two-factor', { challenge, code });

  it('enrols with a QR code, is off until a code confirms it, and never shows or logs the secret again', async () => {
    const user = await createUser(server);
    const start = await server.api.post('/api/v2/users/me/two-factor/enrolment', undefined, { token: user.token });
    expect(start.status).toBe(200);
    expect(start.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Cairn:.*secret=/);
    expect(start.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await server.api.get('/api/v2/users/me/two-factor', { token: user.token })).body.enabled).toBe(false);
    // Not yet on: the password alone still signs in.
    expect((await login(user)).body.token).toBeTruthy();

    const wrong = await server.api.post('/api/v2/users/me/two-factor/confirm', { code: '000000' }, { token: user.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_two_factor_code');

    const confirm = await server.api.post(
      '/api/v2/users/me/two-factor/confirm',
      { code: codeFor(start.body.secret) },
      { token: user.token },
    );
    expect(confirm.status).toBe(200);
    expect(confirm.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirm.body.recoveryCodes).size).toBe(10);
    const status = await server.api.get('/api/v2/users/me/two-factor', { token: user.token });
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.body)).not.toContain(start.body.secret);

    const stored = await server.app.db.selectFrom('two_factor_secrets').selectAll().where('user_id', '=', user.id).execute();
    expect(JSON.stringify(stored)).not.toContain(start.body.secret);
    const codes = await server.app.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(JSON.stringify(codes)).not.toContain(confirm.body.recoveryCodes[0]);
    const logs = await server.app.db.selectFrom('logs').selectAll().where('user_id', '=', user.id).execute();
    expect(JSON.stringify(logs)).not.toContain(start.body.secret);
    expect(logs.map((log) => log.action)).toContain('enable_two_factor');

    const again = await server.api.post('/api/v2/users/me/two-factor/enrolment', undefined, { token: user.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('two_factor_already_enabled');
  });

  it('gives a challenge, not a session, for the password; the code finishes the login once', async () => {
    const user = await createUser(server);
    const { secret } = await enrol(user);
    const first = await login(user);
    expect(first.status).toBe(200);
    expect(first.body.token).toBeUndefined();
    expect(first.body.twoFactorRequired).toBe(true);

    const done = await finish(first.body.challenge, codeFor(secret, 1));
    expect(done.status).toBe(200);
    expect((await server.api.get('/api/v2/users/me', { token: done.body.token })).status).toBe(200);

    // The challenge is spent.
    const reused = await finish(first.body.challenge, codeFor(secret, 1));
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('invalid_challenge');
  });

  it('refuses a code already used within its window (replay), and an older one', async () => {
    const user = await createUser(server);
    const { secret } = await enrol(user);
    const code = codeFor(secret, 1);
    expect((await finish((await login(user)).body.challenge, code)).status).toBe(200);
    const replay = await finish((await login(user)).body.challenge, code);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('invalid_two_factor_code');
    const older = await finish((await login(user)).body.challenge, codeFor(secret));
    expect(older.status).toBe(401);
  });

  it('opens one session for one challenge and one code, however many requests race with them', async () => {
    const user = await createUser(server);
    const { secret } = await enrol(user);
    const { challenge } = (await login(user)).body;
    const code = codeFor(secret, 1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => finish(challenge, code)));
    // The losers are refused as a used code (401), or locked out by their own failures (429).
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const sessions = await server.app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    // The one createUser opened before two-factor was on, and the one the code opened.
    expect(sessions).toHaveLength(2);
  });

  it('refuses a challenge after five minutes', async () => {
    const user = await createUser(server);
    const { secret } = await enrol(user);
    const { challenge } = (await login(user)).body;
    await server.app.db
      .updateTable('two_factor_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const late = await finish(challenge, codeFor(secret, 1));
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('invalid_challenge');
  });

  it('throttles wrong codes like wrong passwords, and a right password does not reset the count', async () => {
    const user = await createUser(server);
    const { secret } = await enrol(user);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      // A fresh challenge each time: the password is right, the code is not.
      const { challenge } = (await login(user)).body;
      statuses.push((await finish(challenge, '000000')).status);
    }
    expect(statuses).toEqual([401, 401, 401]);
    // Locked: the password is refused too, and so is the right code.
    const locked = await login(user);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    await loginLimiter(server.app).onSuccess(user.email);
    const { challenge } = (await login(user)).body;
    await server.api.post('/api/v2/auth/login/two-factor', { challenge, code: '111111' });
    await server.api.post('/api/v2/auth/login/two-factor', { challenge, code: '222222' });
    await server.api.post('/api/v2/auth/login/two-factor', { challenge, code: '333333' });
    const right = await finish(challenge, codeFor(secret, 1));
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('rate_limited');
  });

  it('signs in once with each recovery code', async () => {
    const user = await createUser(server);
    const { recoveryCodes } = await enrol(user);
    const code = recoveryCodes[0]!;
    const done = await finish((await login(user)).body.challenge, code.toUpperCase());
    expect(done.status).toBe(200);
    const again = await finish((await login(user)).body.challenge, code);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('invalid_two_factor_code');
    expect((await server.api.get('/api/v2/users/me/two-factor', { token: done.body.token })).body.recoveryCodesLeft).toBe(9);
  });

  it('disables with a current code or a recovery code, not with a wrong one', async () => {
    const user = await createUser(server);
    const { secret } = await enrol(user);
    const wrong = await server.api.post('/api/v2/users/me/two-factor/disable', { code: '123456' }, { token: user.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_two_factor_code');
    const off = await server.api.post('/api/v2/users/me/two-factor/disable', { code: codeFor(secret, 1) }, { token: user.token });
    expect(off.status).toBe(204);
    expect((await login(user)).body.token).toBeTruthy();
    expect(await server.app.db.selectFrom('two_factor_recovery_codes').select('id').where('user_id', '=', user.id).execute()).toEqual([]);

    const other = await createUser(server);
    const { recoveryCodes } = await enrol(other);
    const byRecovery = await server.api.post('/api/v2/users/me/two-factor/disable', { code: recoveryCodes[3] }, { token: other.token });
    expect(byRecovery.status).toBe(204);
    const twice = await server.api.post('/api/v2/users/me/two-factor/disable', { code: recoveryCodes[4] }, { token: other.token });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('two_factor_not_enabled');
  });

  it('does not let an API token enrol or disable, and leaves API tokens working for 2FA accounts', async () => {
    const user = await createUser(server);
    const apiToken = await createApiToken(server, user);
    const byToken = await server.api.post('/api/v2/users/me/two-factor/enrolment', undefined, { token: apiToken.token });
    expect(byToken.status).toBe(403);
    expect(byToken.body.code).toBe('session_required');
    await enrol(user);
    expect((await server.api.get('/api/v2/users/me', { token: apiToken.token })).status).toBe(200);
  });

  it('shows admins who has 2FA on, and when required sends an admin without it to enrol first', async () => {
    const admin = await createAdmin(server);
    const enrolled = await createUser(server);
    await enrol(enrolled);
    const list = await server.api.get(`/api/v2/admin/users?search=${encodeURIComponent(enrolled.email)}`, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.users[0]).toMatchObject({ email: enrolled.email, twoFactorEnabled: true });

    const plain = await createUser(server);
    expect((await server.api.get('/api/v2/admin/settings', { token: plain.token })).status).toBe(403);
    const on = await server.api.patch('/api/v2/admin/settings', { requireAdminTwoFactor: true }, { token: admin.token });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ requireAdminTwoFactor: true });
    try {
      const refused = await server.api.get('/api/v2/admin/users', { token: admin.token });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('two_factor_required');
      expect((await server.api.get('/api/v2/users/me/two-factor', { token: admin.token })).body.required).toBe(true);
      // An admin API token is unaffected.
      const adminToken = await createApiToken(server, admin);
      expect((await server.api.get('/api/v2/admin/users', { token: adminToken.token })).status).toBe(200);

      await enrol(admin);
      expect((await server.api.get('/api/v2/admin/users', { token: admin.token })).status).toBe(200);
    } finally {
      await server.app.stores.adminSettings.put('require_admin_two_factor', 'false', new Date().toISOString());
    }
  });
});
