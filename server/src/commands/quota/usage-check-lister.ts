import type { AppContext } from '../../context';

/** The last `limit` comparisons of every account's usage with its records, newest first. */
export function usageCheckLister(app: AppContext, limit: number) {
  return app.stores.usage.recent(limit);
}
