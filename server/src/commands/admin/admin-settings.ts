import type { AdminSettingsInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';

const REQUIRE_ADMIN_TWO_FACTOR = 'require_admin_two_factor';

/** True when administrators must sign in with two-factor to use the admin area. */
export async function adminTwoFactorRequired(app: AppContext): Promise<boolean> {
  return (await app.stores.adminSettings.get(REQUIRE_ADMIN_TWO_FACTOR)) === 'true';
}

export async function adminSettingsReader(app: AppContext) {
  const settings = await app.stores.adminSettings.all();
  return { requireAdminTwoFactor: settings[REQUIRE_ADMIN_TWO_FACTOR] === 'true' };
}

export async function adminSettingsUpdater(app: AppContext, admin: UserRow, input: AdminSettingsInput, ip: string) {
  if (input.requireAdminTwoFactor !== undefined) {
    await app.stores.adminSettings.put(REQUIRE_ADMIN_TWO_FACTOR, String(input.requireAdminTwoFactor), nowIso());
  }
  await auditRecorder(app, { action: 'update_admin_settings', user: admin, details: { ...input }, ip });
  return adminSettingsReader(app);
}
