import type { AppContext } from '../context';
import type { LogRow } from '../db/schema';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';

export type AuditAction =
  | 'login'
  | 'signup'
  | 'logout'
  | 'upload'
  | 'pin'
  | 'remove'
  | 'rename'
  | 'generate_token'
  | 'revoke_token'
  | 'update_profile'
  | 'change_password'
  | 'update_preferences'
  | 'change_plan'
  | 'change_plan_request'
  | 'create_order'
  | 'process_webhook'
  | 'update_plan'
  | 'create_plan'
  | 'delete_plan'
  | 'update_user'
  | 'grant_bonus'
  | 'prune_logs'
  | 'retry_content_job'
  | 'collect_engine_garbage'
  | 'check_usage'
  | 'order_cancel'
  | 'order_uncleared'
  | 'order_declined'
  | 'order_expired'
  | 'order_refunded'
  | 'order_void'
  | 'order_error';

export interface AuditEntry {
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
