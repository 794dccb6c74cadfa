import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import { adminTwoFactorRequired } from '../../admin/admin-settings';

/** Whether two-factor is on, how many recovery codes are left, and whether this account must use it. */
export async function twoFactorStatusReader(app: AppContext, user: UserRow) {
  const enabled = user.two_factor_enabled_at !== null;
  return {
    enabled,
    enabledAt: user.two_factor_enabled_at,
    recoveryCodesLeft: enabled ? await app.stores.twoFactor.recoveryCodesLeft(user.id) : 0,
    required: user.role === 'admin' && (await adminTwoFactorRequired(app)),
  };
}
