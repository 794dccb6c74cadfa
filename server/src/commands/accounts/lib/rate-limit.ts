import type { AppContext } from '../../../context';
import { consumeOrRefuse } from '../../../lib/shared-limiters';

export const TOO_MANY_ATTEMPTS = 'Too many attempts, try again later';

/**
 * Counts one attempt of `key` under `prefix`, shared by every instance through the database;
 * throws 429 with Retry-After once more than `max` fall in the window.
 */
export function rateLimitHit(app: AppContext, prefix: string, key: string, max: number, windowSeconds: number): Promise<void> {
  return consumeOrRefuse(app.limiters.of(prefix, max, windowSeconds), key, TOO_MANY_ATTEMPTS);
}
