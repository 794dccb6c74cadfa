import type { Task } from '../../jobs/runner';
import { contentReleaser } from './content-releaser';
import { heldRecordSettler } from '../pins/held-record-settler';

/** Attempts before a release is left `failed` for an operator; with the runner's backoff, about an hour. */
export const MAX_RELEASE_ATTEMPTS = 10;

/**
 * `release`: the outbox of the content engine. A release is queued in the transaction that stops
 * referencing a CID, and unpins it unless something still wants it; a replaced pin request's
 * record, kept until its successor's job was over, goes first. Returns whether it unpinned.
 */
export const releaseTask: Task = {
  kind: 'release',
  maxAttempts: MAX_RELEASE_ATTEMPTS,
  async run(app, { job }) {
    if (job.upload_id) await app.db.transaction().execute((trx) => heldRecordSettler(app, trx, [job], null));
    try {
      const unpinned = await contentReleaser(app, job.cid!);
      if (unpinned)
        app.logger.info('content released', { cid: job.cid, jobId: job.id, ...(job.request_id ? { requestId: job.request_id } : {}) });
      return unpinned;
    } catch (error) {
      app.metrics.engineError('unpin');
      throw error;
    }
  },
};
