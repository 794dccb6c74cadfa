import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import type { ChargedRecord } from '../../stores/bandwidth-store';

export const bandwidthLimitExceeded = () =>
  new AppError(
    429,
    'bandwidth_limit_exceeded',
    "This content's account has used its monthly bandwidth allowance: downloads resume at the start of next month (UTC) or when the account moves to a larger plan",
    undefined,
    { 'Cache-Control': 'no-store' },
  );

/**
 * Refuses a gateway download charged to an account past its plan's monthly egress allowance, when
 * the plan blocks there; a plan that keeps serving lets it through (and the usage shows the excess).
 * Read from memory (`BandwidthMeter.standing`): no query per request.
 */
export async function egressGuard(app: AppContext, record: ChargedRecord): Promise<void> {
  const standing = await app.bandwidth.standing(record.userId);
  if (standing.limitBytes === null || standing.overLimit === 'serve') return;
  if (standing.usedBytes >= standing.limitBytes) throw bandwidthLimitExceeded();
}
