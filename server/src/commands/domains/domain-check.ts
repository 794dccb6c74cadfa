import type { AppContext } from '../../context';
import type { CustomDomainRow } from '../../db/schema';
import { isoAt } from '../../jobs/clock';
import { targetHeldBy } from './target-holder';

/** What one check of a domain's DNSLink found. */
export interface DomainCheck {
  matches: boolean;
  /** Why it does not match; null when it does. */
  error: string | null;
}

/** Whether `_dnslink.<hostname>` names `target` now (asked of DNS past the cache when `fresh`). */
export async function dnsLinkMatches(app: AppContext, hostname: string, target: string, fresh: boolean): Promise<DomainCheck> {
  const answer = await (fresh ? app.dnslink.resolveFresh(hostname) : app.dnslink.resolve(hostname));
  if (answer.value === null) return { matches: false, error: answer.error };
  if (answer.value !== target.replace(/\/+$/, ''))
    return { matches: false, error: `_dnslink.${hostname} names ${answer.value}, not ${target}` };
  return { matches: true, error: null };
}

/**
 * Checks a domain's DNSLink and that its account still holds the target, and records the outcome:
 * verified (since the first match), or failed with why; the row as it is now.
 */
export async function domainChecker(app: AppContext, row: CustomDomainRow): Promise<CustomDomainRow> {
  const now = isoAt(app.clock.now());
  let check = await dnsLinkMatches(app, row.hostname, row.target, true);
  if (check.matches && !(await targetHeldBy(app, row.user_id, row.target))) {
    check = { matches: false, error: `${row.target} is no longer held by this account` };
  }
  const changes = check.matches
    ? {
        status: 'verified' as const,
        verified_at: row.status === 'verified' ? row.verified_at : now,
        last_error: null,
        last_checked_at: now,
      }
    : { status: 'failed' as const, verified_at: null, last_error: check.error, last_checked_at: now };
  await app.stores.customDomains.update(row.id, changes);
  return { ...row, ...changes };
}
