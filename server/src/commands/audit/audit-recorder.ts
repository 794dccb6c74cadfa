import type { AuditAction } from '@cairn/shared/api-types';
import type { AppContext } from '../../context';
import type { LogRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';

export interface AuditEntry {
  /** One of openapi.yaml's `AuditAction` values, which the admin console lists and translates. */
  action: AuditAction;
  type?: LogRow['type'];
  user?: { id: string | null; email: string } | null;
  /** Facts about the action. Never a password, token or secret. */
  details?: Record<string, unknown> | string;
  ip?: string | null;
}

/** Writes one audit row. A failure to write is logged, never surfaced to the user's request. */
export async function auditRecorder(app: AppContext, entry: AuditEntry): Promise<void> {
  try {
    await app.stores.logs.insert({
      id: newId(),
      type: entry.type ?? 'info',
      action: entry.action,
      user_id: entry.user?.id ?? null,
      user_email: entry.user?.email ?? null,
      details: entry.details === undefined ? null : typeof entry.details === 'string' ? entry.details : JSON.stringify(entry.details),
      ip: entry.ip ?? null,
      created_at: nowIso(),
    });
  } catch (error) {
    app.logger.error('audit write failed', { action: entry.action, error: String(error) });
  }
}
