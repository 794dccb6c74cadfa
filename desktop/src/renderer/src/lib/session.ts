/** The JWT claims the UI reads (spec section 3): exp in seconds, email, role. */
export interface SessionClaims {
  sub: string;
  email: string;
  role: 'user' | 'admin';
  exp: number;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads a JWT's claims without verifying it (the server verifies; the UI only needs to know who is
 * signed in and until when). Null when it is not a JWT or lacks the claims the UI needs.
 */
export function decodeToken(token: string): SessionClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (!claims || typeof claims !== 'object') return null;
    const { sub, email, role, exp } = claims as Record<string, unknown>;
    if (typeof exp !== 'number' || typeof email !== 'string') return null;
    return { sub: typeof sub === 'string' ? sub : '', email, role: role === 'admin' ? 'admin' : 'user', exp };
  } catch {
    return null;
  }
}

export type RestoredSession = { status: 'none' } | { status: 'closed' } | { status: 'active'; token: string; claims: SessionClaims };

/** What a stored token gives on load: nothing, a closed session (expired or unreadable), or a session. */
export function restoreSession(stored: string | null, nowMs: number): RestoredSession {
  if (!stored) return { status: 'none' };
  const claims = decodeToken(stored);
  if (!claims || claims.exp * 1000 <= nowMs) return { status: 'closed' };
  return { status: 'active', token: stored, claims };
}
