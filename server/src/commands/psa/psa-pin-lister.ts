import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { PsaFilter } from '../../stores/psa-pin-store';

/** The account's pin requests that pass the filters, newest first, with how many pass in all. */
export function psaPinLister(app: AppContext, user: UserRow, filter: PsaFilter) {
  return app.stores.psaPins.list(user.id, filter);
}
