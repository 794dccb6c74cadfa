import type { AppContext } from '../../context';
import { startJobRunner, type JobRunner } from '../../jobs/runner';
import { pinTask } from '../pins/pin-task';
import { recategoriseTask } from './recategorise-task';
import { releaseTask } from './release-task';
import { periodicTasks, sweepOnce } from './sweeper';
import { webhookTask } from '../../webhooks/delivery-task';
import { namesTask } from '../names/republish';
import { domainRecheckTask } from '../domains/domain-recheck-task';

/** Longest the start-up pass over due releases runs before the server serves; what is left runs in the background. */
const RECOVERY_BUDGET_MS = 15_000;

/**
 * Recovery, before the caller serves: runs every periodic task's work once (so the quota of dead
 * uploads is free, and their claims on what they pinned due), starts the job runner with every
 * named task, and runs every due release once (within a time budget). Logs what it did.
 */
export async function startJobs(app: AppContext): Promise<JobRunner> {
  const startedAt = app.clock.now();
  const report = await sweepOnce(app, startedAt);
  const runner = await startJobRunner(app, [
    pinTask(),
    releaseTask,
    recategoriseTask,
    webhookTask,
    namesTask,
    domainRecheckTask,
    ...periodicTasks(app.config.maintenanceIntervalMs, startedAt),
  ]);
  app.jobs = runner;
  const recovered = await runner.runDue(['release'], startedAt + RECOVERY_BUDGET_MS);
  const { failed } = await app.stores.contentJobs.counts();
  app.logger.info('recovery at start', {
    ...report,
    contentReleased: recovered.done,
    contentRetrying: recovered.retrying,
    contentFailed: recovered.failed,
    contentJobsFailedTotal: failed,
  });
  return runner;
}
