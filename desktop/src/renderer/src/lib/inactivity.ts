import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '@cairn/shared';

export interface InactivityConfig {
  timeoutMs: number;
  warningMs: number;
}

/** localStorage key that shortens the inactivity timeout (end-to-end tests, demos). */
export const INACTIVITY_OVERRIDE_KEY = 'cairn:inactivity-timeout-ms';
const MIN_TIMEOUT_MS = 2_000;

/**
 * The timeout in force. An override may only shorten it — never lengthen it — so leaving it
 * available in production builds cannot weaken the inactivity logout.
 */
export function inactivityConfig(override: string | null): InactivityConfig {
  const requested = override === null ? NaN : Number(override);
  const timeoutMs =
    Number.isFinite(requested) && requested >= MIN_TIMEOUT_MS && requested < INACTIVITY_TIMEOUT_MS
      ? Math.floor(requested)
      : INACTIVITY_TIMEOUT_MS;
  return { timeoutMs, warningMs: Math.min(INACTIVITY_WARNING_MS, Math.floor(timeoutMs / 2)) };
}

export type InactivityPhase = { phase: 'active' } | { phase: 'warning'; secondsLeft: number } | { phase: 'expired' };

/** Where a session stands given the last user activity. */
export function inactivityPhase(lastActivityMs: number, nowMs: number, config: InactivityConfig): InactivityPhase {
  const remaining = lastActivityMs + config.timeoutMs - nowMs;
  if (remaining <= 0) return { phase: 'expired' };
  if (remaining <= config.warningMs) return { phase: 'warning', secondsLeft: Math.ceil(remaining / 1000) };
  return { phase: 'active' };
}

/** The DOM events that count as activity (spec: mouse move, press, key, scroll, touch). */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;
