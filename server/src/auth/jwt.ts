import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { systemClock, type Clock } from '../jobs/clock';

export interface SessionClaims {
  sub: string;
  sid: string;
  email: string;
  role: 'user' | 'admin';
  exp: number;
}

const ALGORITHM = 'HS256';
/** Tokens already verified, kept until they expire: a signature check costs more than the rest of a typical request. */
const VERIFIED_TOKENS = 5_000;

/** `clock` decides expiry: a test moves it past a token's end instead of waiting for it. */
export function createJwt(key: Uint8Array, clock: Clock = systemClock) {
  // Imported once: jose would import a raw key again on every request it verifies.
  let imported: Promise<webcrypto.CryptoKey> | undefined;
  const hmacKey = (): Promise<webcrypto.CryptoKey> =>
    (imported ??= webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
  // Keyed by the whole token, whose signature was checked: only expiry can change the answer.
  // Revocation is not decided here (the session row is read on every request).
  const verified = new Map<string, SessionClaims>();
  return {
    sign: async (claims: Omit<SessionClaims, 'exp'>, expiresAt: Date): Promise<string> =>
      new SignJWT({ sid: claims.sid, email: claims.email, role: claims.role })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(new Date(clock.now()))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await hmacKey()),

    /** Verifies signature (HS256 only: `alg: none` and other algorithms are refused) and expiry. */
    async verify(token: string): Promise<SessionClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > clock.now()) return known;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), { algorithms: [ALGORITHM], currentDate: new Date(clock.now()) });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        const claims = payload as unknown as SessionClaims;
        if (typeof claims.exp === 'number') {
          if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
          verified.set(token, claims);
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
