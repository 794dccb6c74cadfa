import { describe, expect, it } from 'vitest';
import { decodeToken, restoreSession } from './session';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: unknown) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
const now = Date.UTC(2030, 0, 1);
const claims = { sub: 'u1', email: 'zoë@example.com', role: 'admin', exp: now / 1000 + 3600 };

describe('decodeToken', () => {
  it('reads sub, email, role and exp, including non-ASCII text', () => {
    expect(decodeToken(jwt(claims))).toEqual(claims);
  });

  it('treats any role other than admin as user', () => {
    expect(decodeToken(jwt({ ...claims, role: 'root' }))?.role).toBe('user');
  });

  it('refuses what is not a JWT with the needed claims', () => {
    expect(decodeToken('garbage')).toBeNull();
    expect(decodeToken('a.b.c')).toBeNull();
    expect(decodeToken(jwt({ email: 'a@b.c' }))).toBeNull();
    expect(decodeToken(jwt('just a string'))).toBeNull();
  });
});

describe('restoreSession', () => {
  it('has no session without a stored token', () => {
    expect(restoreSession(null, now)).toEqual({ status: 'none' });
  });

  it('closes an expired or undecodable session', () => {
    expect(restoreSession(jwt({ ...claims, exp: now / 1000 }), now)).toEqual({ status: 'closed' });
    expect(restoreSession('not-a-token', now)).toEqual({ status: 'closed' });
  });

  it('restores a valid session', () => {
    const token = jwt(claims);
    expect(restoreSession(token, now)).toEqual({ status: 'active', token, claims });
  });
});
