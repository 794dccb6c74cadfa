import type { AppContext } from '../../context';
import type { LogFilter } from '../../stores/admin/logs';

/** One page of the audit log, newest first, for administrators. */
export function logLister(app: AppContext, filter: LogFilter) {
  return app.stores.admin.logs.list(filter);
}
