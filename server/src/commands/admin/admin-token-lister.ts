import type { AppContext } from '../../context';
import type { Page } from '../../stores/admin/search';

/** One page of every account's API tokens, for administrators. */
export function adminTokenLister(app: AppContext, page: Page) {
  return app.stores.admin.tokens.list(page);
}
