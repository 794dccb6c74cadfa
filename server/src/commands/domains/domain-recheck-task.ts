import type { AppContext } from '../../context';
import type { Task } from '../../jobs/runner';
import { isoAt } from '../../jobs/clock';
import { domainChecker } from './domain-check';

/** How often the re-check runs, and how old a verified domain's last check must be to be checked again. */
export const DOMAIN_RECHECK_EVERY_MS = 10 * 60_000;
export const DOMAIN_RECHECK_AFTER_MS = 60 * 60_000;
/** Domains one run checks at most; the rest wait for the next run, the longest unchecked first. */
const PER_RUN = 200;

/** Checks the verified domains not checked for an hour; those whose DNS moved away become failed. How many failed. */
export async function domainRechecker(app: AppContext): Promise<number> {
  const due = await app.stores.customDomains.due(isoAt(app.clock.now() - DOMAIN_RECHECK_AFTER_MS), PER_RUN);
  let failed = 0;
  for (const row of due) {
    const checked = await domainChecker(app, row);
    if (checked.status !== 'verified') {
      failed++;
      app.logger.info('custom domain no longer verified', { domainId: row.id, hostname: row.hostname, error: checked.last_error });
    }
  }
  return failed;
}

/** The periodic re-check of verified custom domains, on one instance of the deployment. */
export const domainRecheckTask: Task = {
  kind: 'domain-check',
  everyMs: DOMAIN_RECHECK_EVERY_MS,
  run: (app) => domainRechecker(app),
};
