import type { ListedContentJob } from '../stores/content-job-store';

/** An outbox job as administrators see it; `runAfter` is when it runs next (for a failed job, never on its own). */
export function presentContentJob(job: ListedContentJob) {
  return {
    id: job.id,
    kind: job.kind,
    cid: job.cid,
    status: job.status,
    attempts: Number(job.attempts),
    lastError: job.last_error,
    runAfter: job.status === 'failed' ? null : job.run_after,
    waitsForUpload: Boolean(job.waits_for_upload),
    createdAt: job.created_at,
    updatedAt: job.updated_at,
  };
}
