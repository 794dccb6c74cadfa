import type { AppContext } from '../../context';
import type { JobRow } from '../../db/schema';

/** One page of the outbox of content-engine work, oldest first, all or those in one state. */
export function contentJobLister(app: AppContext, page: { status?: JobRow['status']; offset: number; limit: number }) {
  return app.stores.contentJobs.list(page);
}
