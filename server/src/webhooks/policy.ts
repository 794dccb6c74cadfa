import type { WebhookEndpointRow } from '../db/schema';

/** How long a delivery is retried, counted from its first attempt; then it is given up (`failed`). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;

/** Deliveries given up one after another (no success between them) before the endpoint is turned off. */
export const WEBHOOK_DISABLE_AFTER = 15;

/** Endpoints per account. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

const MINUTE = 60_000;
/** The wait after each failed attempt: 1 min, 5 min, 10 min, 30 min, 1 h, 2 h, 4 h, then every 8 h. */
const WAITS_MS = [1, 5, 10, 30, 60, 120, 240, 480].map((minutes) => minutes * MINUTE);

/**
 * When a delivery whose attempt number `attempts` just failed is tried next, or null when that
 * would fall past the retry window (the delivery is given up). `random` spreads retries by up to
 * ±10 % so that an endpoint back from an outage is not hit by every delivery at once.
 */
export function nextAttemptAt(
  firstAttemptAt: number,
  failedAt: number,
  attempts: number,
  random: () => number = Math.random,
): number | null {
  const base = WAITS_MS[Math.min(Math.max(attempts, 1), WAITS_MS.length) - 1]!;
  const at = failedAt + Math.round(base * (0.9 + random() * 0.2));
  return at > firstAttemptAt + WEBHOOK_RETRY_WINDOW_MS ? null : at;
}

/** Why the server turns an endpoint off, shown to its owner. */
export const disabledReason = (failures: number) =>
  `Turned off after ${failures} deliveries in a row failed for 24 hours each; fix the endpoint and turn it back on.`;

/** Whether an endpoint that has just given up its `consecutiveFailures`-th delivery in a row is turned off. */
export const shouldDisable = (consecutiveFailures: number) => consecutiveFailures >= WEBHOOK_DISABLE_AFTER;

/** Whether the secret a rotation replaced still signs beside the current one (until its expiry). */
export const previousSecretLive = (
  row: Pick<WebhookEndpointRow, 'previous_secret_ciphertext' | 'previous_secret_expires_at'>,
  now = Date.now(),
): boolean =>
  row.previous_secret_ciphertext !== null && row.previous_secret_expires_at !== null && Date.parse(row.previous_secret_expires_at) > now;
