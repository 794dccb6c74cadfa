import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { Authentication } from '../../auth/authenticate';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';

/** Logs out: the session behind this JWT stops working at once. API tokens are revoked separately. */
export async function sessionEnder(app: AppContext, user: UserRow, how: Authentication, ip: string): Promise<void> {
  if (how.kind === 'session') await app.stores.sessions.revoke(how.sessionId, nowIso());
  await auditRecorder(app, { action: 'logout', user, ip });
}
