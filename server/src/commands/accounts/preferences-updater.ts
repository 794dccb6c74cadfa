import { DEFAULT_COUNTRY, type PreferencesInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { assertKnownCountry } from '../../lib/countries';
import { auditRecorder } from '../audit/audit-recorder';
import { userUpdate } from './lib/user-update';

/** Saves language and country; the country defaults to US as the spec says. */
export async function preferencesUpdater(app: AppContext, user: UserRow, input: PreferencesInput, ip: string): Promise<UserRow> {
  const country = input.country ?? DEFAULT_COUNTRY;
  assertKnownCountry(country);
  const updated = await userUpdate(app, user, { language: input.language, country });
  await auditRecorder(app, { action: 'update_preferences', user, ip, details: { language: input.language, country } });
  return updated;
}
