import type { RequestLimits } from '../../config/config';
import { sha256Hex } from '../../lib/ids';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { consumeOrRefuse, type SharedLimiters } from '../../lib/shared-limiters';

export type LimitedArea = 'api' | 'psa' | 'gateway' | 's3';

/** A plan's factor is read again after this long: an admin's change reaches every instance soon. */
const PLAN_FACTORS_TTL_MS = 30_000;

interface PlanFactors {
  requestLimitFactors(): Promise<Map<string, number>>;
}

/**
 * The request limits of the API, the Pinning Service API, the gateway and the S3 API: per client IP
 * for all four, per credential (API token, session or S3 access key) for all but the gateway,
 * multiplied by the account's plan, and per root CID for the gateway. A limit of 0 is off. Should
 * the database fail to count, the request goes through: a limit protects the service, it must not
 * take it down.
 */
export function createRequestLimits(
  /** Read on every request: the settings of the moment (a test may change them on a running server). */
  settings: () => RequestLimits,
  limiters: SharedLimiters,
  plans: PlanFactors,
  logger: Pick<Logger, 'warn'>,
) {
  let factors: { read: number; byPlan: Promise<Map<string, number>> } | null = null;

  function readFactors(): Promise<Map<string, number>> {
    const byPlan = plans.requestLimitFactors();
    factors = { read: Date.now(), byPlan };
    byPlan.catch(() => (factors = null));
    return byPlan;
  }

  async function planFactor(planCode: string): Promise<number> {
    const fresh = factors && Date.now() - factors.read <= PLAN_FACTORS_TTL_MS;
    let byPlan = await (fresh ? factors!.byPlan : readFactors());
    // A plan created since the last read is read at once, not after the TTL.
    if (!byPlan.has(planCode) && fresh) byPlan = await readFactors();
    return byPlan.get(planCode) ?? 1;
  }

  async function spend(prefix: string, points: number, key: string): Promise<void> {
    if (points <= 0) return;
    // Keys fit the store's column (255 characters): a long one (an identity CID) is counted by its digest.
    if (key.length > 200) key = `sha256:${sha256Hex(key)}`;
    try {
      await consumeOrRefuse(limiters.of(prefix, points, settings().windowSeconds), key);
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.warn('request limit not counted', { prefix, error: String(error) });
    }
  }

  return {
    /** Counts a request from `ip` to `area`. */
    byIp: (area: LimitedArea, ip: string) => spend(`${area}:ip`, settings()[area].perIp, ip),

    /** Counts a request made with a credential (`token:<id>`, `session:<id>`, `s3key:<id>`) of an account on `planCode`. */
    async byCredential(area: 'api' | 'psa' | 's3', credential: string, planCode: string): Promise<void> {
      const perToken = settings()[area].perToken;
      if (perToken <= 0) return;
      const factor = await planFactor(planCode).catch(() => 1);
      if (factor <= 0) return;
      await spend(`${area}:cred`, perToken * factor, credential);
    },

    /** Counts a gateway request for content under `cid`, whoever asks. */
    byCid: (cid: string) => spend('gateway:cid', settings().gateway.perCid, cid),
  };
}

export type RequestLimiter = ReturnType<typeof createRequestLimits>;
