import type { AppContext } from '../../context';
import type { CustomDomainRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { domainChecker } from './domain-check';
import { assertAccountHostname } from './hostname-rules';

const missing = () => notFound('domain_not_found', 'Custom domain not found');

/** The account's custom domains, oldest first. */
export const domainLister = (app: AppContext, userId: string): Promise<CustomDomainRow[]> => app.stores.customDomains.list(userId);

/** Asks DNS now (past the cache) whether the domain's DNSLink names its target, and records the outcome. */
export async function domainVerifier(app: AppContext, userId: string, id: string): Promise<CustomDomainRow> {
  const row = await app.stores.customDomains.find(userId, id);
  if (!row) throw missing();
  assertAccountHostname(app, row.hostname);
  return domainChecker(app, row);
}

/** Removes a custom domain: its host name serves nothing from now on. */
export async function domainRemover(app: AppContext, userId: string, id: string): Promise<void> {
  if (!(await app.stores.customDomains.remove(userId, id))) throw missing();
}
