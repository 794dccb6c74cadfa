import type { UsageCheckRow } from '../db/schema';
import type { UsageFinding } from '../commands/quota/usage-checker';

/** A comparison of the accounts' usage with their records, as administrators see it. */
export function presentUsageCheck(check: UsageCheckRow) {
  return {
    id: check.id,
    instanceId: check.instance_id,
    trigger: check.trigger,
    repair: check.repair === 1,
    startedAt: check.started_at,
    finishedAt: check.finished_at,
    accountsChecked: Number(check.accounts_checked),
    accountsOff: Number(check.accounts_off),
    bytesOff: Number(check.bytes_off),
    accountsRepaired: Number(check.accounts_repaired),
    findings: JSON.parse(check.findings) as UsageFinding[],
  };
}
