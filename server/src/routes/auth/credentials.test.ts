import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser } from '../../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../../test/harness';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(DRIVERS)('bearer credentials (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server.close());

  it('requires a credential', async () => {
    const res = await server.api.get('/api/v2/users/me');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('missing_token');
  });

  it('refuses a JWT signed with another key', async () => {
    const user = await createUser(server);
    const claims = decodeJwt(user.token);
    const forged = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48)));
    const res = await server.api.get('/api/v2/users/me', { token: forged });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_token');
  });

  it('refuses alg: none, even with the right claims', async () => {
    const user = await createUser(server);
    const claims = decodeJwt(user.token);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, role: 'admin' })}.`;
    const res = await server.api.get('/api/v2/users/me', { token: unsigned });
    expect(res.status).toBe(401);
  });

  it('refuses a tampered payload and an expired token', async () => {
    const user = await createUser(server);
    const [header, , signature] = user.token.split('.');
    const tampered = `${header}.${b64({ ...decodeJwt(user.token), role: 'admin' })}.${signature}`;
    expect((await server.api.get('/api/v2/users/me', { token: tampered })).status).toBe(401);

    const key = (server.app.jwt as unknown as { sign: typeof server.app.jwt.sign }).sign;
    const claims = decodeJwt(user.token) as { sub: string; sid: string; email: string; role: 'user' };
    const expired = await key({ sub: claims.sub, sid: claims.sid, email: claims.email, role: claims.role }, new Date(Date.now() - 1000));
    const res = await server.api.get('/api/v2/users/me', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_token');
  });

  it('never lets one user act with a token minted for a session of another', async () => {
    const alice = await createUser(server);
    const bob = await createUser(server);
    const bobClaims = decodeJwt(bob.token) as { sid: string };
    const mixed = await server.app.jwt.sign(
      { sub: alice.id, sid: bobClaims.sid, email: alice.email, role: 'user' },
      new Date(Date.now() + 60_000),
    );
    expect((await server.api.get('/api/v2/users/me', { token: mixed })).status).toBe(401);
  });

  it("ends a disabled user's open sessions and API tokens on the next request", async () => {
    const user = await createUser(server);
    const apiToken = await createApiToken(server, user);
    expect((await server.api.get('/api/v2/users/me', { token: user.token })).status).toBe(200);
    expect((await server.api.get('/api/v2/users/me', { token: apiToken.token })).status).toBe(200);

    await server.app.stores.users.update(user.id, { status: 'inactive' });
    for (const token of [user.token, apiToken.token]) {
      const res = await server.api.get('/api/v2/users/me', { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Account disabled, contact the administrator', code: 'account_disabled' });
    }
  });
});
