import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { ListedContentJob } from '../../stores/content-job-store';
import { auditRecorder } from '../audit/audit-recorder';

/** After a retry: carried out (its row gone), or the job as it stands (failed again, or waiting for an upload). */
export type RetryOutcome = { done: true; job: null } | { done: false; job: ListedContentJob };

/**
 * An administrator retries a failed or waiting outbox job: it becomes due now with a fresh series
 * of attempts, and this instance runs it at once, under the job's lease like any other run (another
 * instance that got there first simply wins). A job being carried out now is a 409.
 */
export async function contentJobRetrier(app: AppContext, admin: UserRow, id: string, ip: string): Promise<RetryOutcome> {
  const job = isUuid(id) ? await app.stores.contentJobs.find(id) : undefined;
  if (!job) throw notFound('content_job_not_found', 'Content job not found');
  if (!(await app.stores.contentJobs.retry(job.id))) throw conflict('content_job_running', 'The job is being carried out now');
  await auditRecorder(app, {
    action: 'retry_content_job',
    user: admin,
    ip,
    details: { jobId: job.id, kind: job.kind, cid: job.cid, status: job.status, attempts: job.attempts },
  });
  await app.jobs.runNow(job.id);
  const after = await app.stores.contentJobs.find(job.id);
  return after ? { done: false, job: after } : { done: true, job: null };
}
