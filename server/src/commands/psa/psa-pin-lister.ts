import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { PsaFilter } from '../../stores/psa-pin-store';

/**
 * The account's pin requests that pass the filters, newest first, with how many pass in all;
 * through a credential limited to `onlyGroupId`, those in that group only.
 */
export function psaPinLister(app: AppContext, user: UserRow, filter: PsaFilter, onlyGroupId: string | null = null) {
  return app.stores.psaPins.list(user.id, onlyGroupId === null ? filter : { ...filter, groupId: onlyGroupId });
}
