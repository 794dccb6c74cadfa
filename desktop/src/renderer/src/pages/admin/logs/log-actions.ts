/** The audit actions the server writes (spec section 3), in the order the filter lists them. */
export const LOG_ACTIONS = [
  'login',
  'signup',
  'logout',
  'upload',
  'pin',
  'remove',
  'rename',
  'generate_token',
  'revoke_token',
  'update_profile',
  'change_password',
  'update_preferences',
  'change_plan',
  'change_plan_request',
  'create_order',
  'process_webhook',
  'order_cancel',
  'order_uncleared',
  'order_declined',
  'order_expired',
  'order_refunded',
  'order_void',
  'order_error',
  'create_plan',
  'update_plan',
  'delete_plan',
  'update_user',
  'grant_bonus',
  'prune_logs',
  'retry_content_job',
  'collect_engine_garbage',
  'check_usage',
] as const;

/**
 * An entry's details for a table cell. The server stores them as a JSON object in text; show
 * `key: value` pairs, and anything else as it is.
 */
export function logDetails(message: string | null): string {
  if (!message) return '';
  try {
    const parsed: unknown = JSON.parse(message);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.entries(parsed as Record<string, unknown>)
        .map(([key, value]) => `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
        .join(', ');
    }
  } catch {
    // Plain text: shown as written.
  }
  return message;
}
