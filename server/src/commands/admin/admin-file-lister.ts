import type { AppContext } from '../../context';
import type { Page } from '../../stores/admin/search';

/** One page of every account's records, for administrators. */
export function adminFileLister(app: AppContext, page: Page) {
  return app.stores.admin.uploads.list(page);
}
