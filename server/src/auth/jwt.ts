import { SignJWT, jwtVerify } from 'jose';

export interface SessionClaims {
  sub: string;
  sid: string;
  email: string;
  role: 'user' | 'admin';
  exp: number;
}

const ALGORITHM = 'HS256';

export function createJwt(key: Uint8Array) {
  return {
    sign: (claims: Omit<SessionClaims, 'exp'>, expiresAt: Date): Promise<string> =>
      new SignJWT({ sid: claims.sid, email: claims.email, role: claims.role })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),

    /** Verifies signature (HS256 only: `alg: none` and other algorithms are refused) and expiry. */
    async verify(token: string): Promise<SessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return payload as unknown as SessionClaims;
      } catch {
        return null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
