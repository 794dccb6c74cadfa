import { MAX_DOMAINS_PER_ACCOUNT, type DomainCreateInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { CustomDomainRow } from '../../db/schema';
import { isoAt } from '../../jobs/clock';
import { badRequest, conflict } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { dnsLinkMatches } from './domain-check';
import { assertAccountHostname } from './hostname-rules';
import { targetHeldBy } from './target-holder';

const taken = (hostname: string) =>
  conflict('domain_taken', `${hostname} is held by another account: point _dnslink.${hostname} at your target first, then add it`);

/**
 * Adds a custom domain, pending until its DNSLink is verified. A host name is held by one account
 * at a time. Another account takes it over only by proving control of DNS: `_dnslink.<hostname>`
 * must name this account's target now, and, when the holder's domain is verified, a target other
 * than the holder's (two accounts holding the same CID must not take a verified domain from each
 * other without a change in DNS). The claim then replaces the holder's row and is verified at once.
 */
export async function domainAdder(app: AppContext, userId: string, input: DomainCreateInput): Promise<CustomDomainRow> {
  assertAccountHostname(app, input.hostname);
  const target = input.target.replace(/\/+$/, '');
  if (!(await targetHeldBy(app, userId, target))) {
    throw badRequest('domain_target_not_held', `${target} is neither an IPNS name of this account nor the root CID of one of its records`);
  }
  const holder = await app.stores.customDomains.byHostname(input.hostname);
  if (holder?.user_id === userId) throw conflict('domain_taken', `${input.hostname} is already one of this account's domains`);
  const now = isoAt(app.clock.now());
  const row: CustomDomainRow = {
    id: newId(),
    user_id: userId,
    hostname: input.hostname,
    target,
    status: 'pending',
    verified_at: null,
    last_checked_at: null,
    last_error: null,
    created_at: now,
  };
  if (holder) {
    const check = await dnsLinkMatches(app, input.hostname, target, true);
    if (!check.matches || (holder.status === 'verified' && holder.target === target)) throw taken(input.hostname);
    Object.assign(row, { status: 'verified', verified_at: now, last_checked_at: now });
  }
  const outcome = await app.stores.customDomains.insertWithin(row, MAX_DOMAINS_PER_ACCOUNT, holder?.id ?? null);
  if (outcome === 'limit') throw conflict('domain_limit_reached', `An account may have at most ${MAX_DOMAINS_PER_ACCOUNT} custom domains`);
  if (outcome === 'taken') throw taken(input.hostname);
  return row;
}
