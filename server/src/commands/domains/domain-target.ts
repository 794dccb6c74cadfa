import type { AppContext } from '../../context';
import type { CustomDomainRow } from '../../db/schema';
import { dnsLinkMatches } from './domain-check';

/**
 * The verified custom domain `hostname`, or null: then the app never answers there. A pending or
 * failed one takes nothing over, so that adding a host name (which proves nothing) cannot take an
 * address of the service from the app.
 */
export async function verifiedDomain(app: AppContext, hostname: string): Promise<CustomDomainRow | null> {
  const row = await app.stores.customDomains.byHostname(hostname);
  return row?.status === 'verified' ? row : null;
}

/**
 * What a verified domain serves: its target while its DNSLink (as cached) still names it; null
 * otherwise, so that a domain whose DNS moved away stops serving at once, before the next
 * re-check un-verifies it.
 */
export async function servedTarget(app: AppContext, domain: CustomDomainRow): Promise<string | null> {
  return (await dnsLinkMatches(app, domain.hostname, domain.target, false)).matches ? domain.target : null;
}

/** What a request to `hostname` serves: the target of its verified custom domain (see `servedTarget`), or null. */
export async function domainTarget(app: AppContext, hostname: string): Promise<string | null> {
  const domain = await verifiedDomain(app, hostname);
  return domain ? servedTarget(app, domain) : null;
}
