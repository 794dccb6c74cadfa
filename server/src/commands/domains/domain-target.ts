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

/** Whether an account added `hostname` as a custom domain (verified or not): then the app never answers there. */
export async function isCustomDomain(app: AppContext, hostname: string): Promise<boolean> {
  return (await app.stores.customDomains.byHostname(hostname)) !== undefined;
}
