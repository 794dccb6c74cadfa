import type { AppContext } from '../../context';
import { dnsLinkMatches } from './domain-check';

/**
 * What a request to `hostname` serves: the target of its verified custom domain while its DNSLink
 * (as cached) still names it; null otherwise, so that a domain whose DNS moved away stops serving
 * at once, before the next re-check un-verifies it.
 */
export async function domainTarget(app: AppContext, hostname: string): Promise<string | null> {
  const row = await app.stores.customDomains.byHostname(hostname);
  if (!row || row.status !== 'verified') return null;
  return (await dnsLinkMatches(app, hostname, row.target, false)).matches ? row.target : null;
}

/**
 * Whether `hostname` is a verified custom domain: then the app never answers there. A pending or
 * failed one takes nothing over, so that adding a host name (which proves nothing) cannot take
 * an address of the service from the app.
 */
export async function isCustomDomain(app: AppContext, hostname: string): Promise<boolean> {
  return (await app.stores.customDomains.byHostname(hostname))?.status === 'verified';
}
