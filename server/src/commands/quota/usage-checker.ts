import type { AppContext } from '../../context';
import type { UsageCheckRow, UserRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';

/** How often one instance of the deployment checks every account's usage on its own. */
export const USAGE_CHECK_INTERVAL_MS = 3600_000;
/** Checks kept for the admin console. */
const CHECKS_KEPT_MS = 30 * 24 * 3600_000;
/** Accounts looked at, and set right, per check; a check that finds more leaves the rest to the next. */
const ACCOUNTS_PER_CHECK = 1_000;
/** Accounts a check's row lists. */
const FINDINGS_KEPT = 100;
const LEASE = 'usage-check';

export interface UsageFinding {
  userId: string;
  email: string;
  /** The account's usage when the check found it off. */
  storageUsed: number;
  /** The sum of what its records are charged. */
  recordsBytes: number;
  /** Whether the check set the usage to that sum. */
  repaired: boolean;
}

/**
 * Compares every account's usage (`storage_used`) with the sum of what its records are charged,
 * which must be equal whenever no transaction is under way, and with `repair` sets each account
 * found off to that sum (under the account's row lock, so a charge or refund racing the check is
 * never lost). Recorded as one row (the admin console lists them, and the metrics read the last),
 * logged when it finds anything off, and audited when an administrator asks.
 */
export async function usageChecker(
  app: AppContext,
  options: { trigger: UsageCheckRow['trigger']; repair: boolean; admin?: UserRow; ip?: string },
): Promise<UsageCheckRow> {
  const startedAt = nowIso();
  const found = await app.stores.usage.drifts(ACCOUNTS_PER_CHECK);
  const findings: UsageFinding[] = [];
  let repaired = 0;
  for (const drift of found.drifts) {
    // Looked at again under the lock: what a transaction under way during the first look did is
    // no drift, and then nothing is set.
    const fixed = options.repair ? await app.stores.usage.repair(drift.userId) : undefined;
    if (fixed) repaired++;
    if (findings.length < FINDINGS_KEPT) findings.push({ ...drift, repaired: fixed !== undefined });
  }
  const check: UsageCheckRow = {
    id: newId(),
    instance_id: app.instanceId,
    trigger: options.trigger,
    repair: options.repair ? 1 : 0,
    started_at: startedAt,
    finished_at: nowIso(),
    accounts_checked: found.accounts,
    accounts_off: found.total,
    bytes_off: found.bytesOff,
    accounts_repaired: repaired,
    findings: JSON.stringify(findings),
  };
  await app.stores.usage.record(check);
  if (found.total > 0) {
    app.logger.warn('account usage differed from the records', {
      checkId: check.id,
      accountsOff: found.total,
      bytesOff: found.bytesOff,
      repaired,
    });
  }
  if (options.admin || found.total > 0) {
    await auditRecorder(app, {
      action: 'check_usage',
      type: found.total > 0 ? 'warning' : 'info',
      user: options.admin ?? null,
      ip: options.ip ?? null,
      details: { checkId: check.id, accountsOff: found.total, bytesOff: found.bytesOff, repaired },
    });
  }
  return check;
}

/**
 * The maintenance sweep's check: run by the one instance that takes the check's lease, which
 * lasts the interval, so the deployment checks once an interval whatever its size. False when it
 * was not this instance's turn.
 */
export async function scheduledUsageCheck(app: AppContext, now = Date.now()): Promise<boolean> {
  const until = new Date(now + USAGE_CHECK_INTERVAL_MS).toISOString();
  if (!(await app.stores.leases.acquire(LEASE, app.instanceId, new Date(now).toISOString(), until))) return false;
  await usageChecker(app, { trigger: 'schedule', repair: true });
  await app.stores.usage.pruneBefore(new Date(now - CHECKS_KEPT_MS).toISOString());
  return true;
}
