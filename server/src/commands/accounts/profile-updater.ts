import type { PreferencesInput, ProfileUpdateInput } from '@cairn/shared';
import { DEFAULT_COUNTRY } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { UserRow, UserUpdate } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { auditRecorder } from '../audit/audit-recorder';
import { assertKnownCountry } from '../../lib/countries';

async function apply(app: AppContext, user: UserRow, changes: UserUpdate): Promise<UserRow> {
  const updated_at = nowIso();
  await app.stores.users.update(user.id, { ...changes, updated_at });
  return { ...user, ...changes, updated_at } as UserRow;
}

/** Changes the profile fields the user owns (email, role and status are not among them). */
export async function profileUpdater(app: AppContext, user: UserRow, input: ProfileUpdateInput, ip: string): Promise<UserRow> {
  if (input.country) assertKnownCountry(input.country);
  const changes: UserUpdate = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.lastname !== undefined) changes.lastname = input.lastname;
  if (input.country !== undefined) changes.country = input.country;
  if (input.birthDate !== undefined) changes.birth_date = input.birthDate;
  if (input.language !== undefined) changes.language = input.language;
  const updated = await apply(app, user, changes);
  await auditRecorder(app, { action: 'update_profile', user, ip, details: { fields: Object.keys(input) } });
  return updated;
}

/** Saves language and country; the country defaults to US as the spec says. */
export async function preferencesUpdater(app: AppContext, user: UserRow, input: PreferencesInput, ip: string): Promise<UserRow> {
  const country = input.country ?? DEFAULT_COUNTRY;
  assertKnownCountry(country);
  const updated = await apply(app, user, { language: input.language, country });
  await auditRecorder(app, { action: 'update_preferences', user, ip, details: { language: input.language, country } });
  return updated;
}
