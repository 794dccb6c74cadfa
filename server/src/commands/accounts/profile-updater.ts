import type { ProfileUpdateInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { UserRow, UserUpdate } from '../../db/schema';
import { assertKnownCountry } from '../../lib/countries';
import { auditRecorder } from '../audit/audit-recorder';
import { userUpdate } from './lib/user-update';

/** Changes the profile fields the user owns (email, role and status are not among them). */
export async function profileUpdater(app: AppContext, user: UserRow, input: ProfileUpdateInput, ip: string): Promise<UserRow> {
  if (input.country) assertKnownCountry(input.country);
  const changes: UserUpdate = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.lastname !== undefined) changes.lastname = input.lastname;
  if (input.country !== undefined) changes.country = input.country;
  if (input.birthDate !== undefined) changes.birth_date = input.birthDate;
  if (input.language !== undefined) changes.language = input.language;
  const updated = await userUpdate(app, user, changes);
  await auditRecorder(app, { action: 'update_profile', user, ip, details: { fields: Object.keys(input) } });
  return updated;
}
