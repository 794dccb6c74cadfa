import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import type { PsaPinView } from '../../stores/psa-pin-store';
import { pinNotFound } from './psa-pin-remover';

/**
 * One of the account's pin requests by `requestid`, or the spec's 404. Through a credential limited
 * to `onlyGroupId`, a request outside that group is the same 404.
 */
export async function psaPinReader(
  app: AppContext,
  user: UserRow,
  requestid: string,
  onlyGroupId: string | null = null,
): Promise<PsaPinView> {
  const pin = isUuid(requestid) ? await app.stores.psaPins.find(user.id, requestid, onlyGroupId ?? undefined) : undefined;
  if (!pin) throw pinNotFound();
  return pin;
}
