import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { addSeconds } from '../../../lib/time';
import { auditRecorder } from '../../audit/audit-recorder';

/** Opens a session for a user who has proved who they are, and answers its JWT. */
export async function sessionOpener(
  app: AppContext,
  user: UserRow,
  ip: string,
  details?: Record<string, unknown>,
): Promise<{ token: string; expiresAt: string }> {
  const now = new Date();
  // JWT `exp` has whole seconds: keep the session row equal to it.
  const expires = new Date(Math.floor(addSeconds(now, app.config.jwtTtlSeconds).getTime() / 1000) * 1000);
  const sessionId = newId();
  await app.stores.sessions.insert({
    id: sessionId,
    user_id: user.id,
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
    revoked_at: null,
    ip,
  });
  await app.stores.users.update(user.id, { last_active_at: now.toISOString() });
  const token = await app.jwt.sign({ sub: user.id, sid: sessionId, email: user.email, role: user.role }, expires);
  await auditRecorder(app, { action: 'login', user, ip, details });
  return { token, expiresAt: expires.toISOString() };
}
