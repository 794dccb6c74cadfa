import type { GroupMembersInput } from '@cairn/shared';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/errors';
import { isUuid, newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import type { GroupView } from '../../stores/group-store';
import type { UploadFilter } from '../../stores/upload-filter';
import { fileNotFound } from '../content/upload-reader';

export const groupNotFound = () => notFound('group_not_found', 'Group not found or not owned by the user');
const nameTaken = () => conflict('group_name_taken', 'A group with this name already exists');

/** One of the account's groups, or 404 (another account's group is not told apart from none). */
export async function groupReader(app: AppContext, userId: string, groupId: string): Promise<GroupView> {
  const group = isUuid(groupId) ? await app.stores.groups.find(userId, groupId) : undefined;
  if (!group) throw groupNotFound();
  return group;
}

/** A new group; names are unique within the account. */
export async function groupCreator(app: AppContext, user: UserRow, name: string): Promise<GroupView> {
  const row = { id: newId(), user_id: user.id, name, created_at: nowIso() };
  try {
    await app.stores.groups.insert(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return { ...row, files_count: 0 };
}

export async function groupRenamer(app: AppContext, user: UserRow, groupId: string, name: string): Promise<GroupView> {
  const group = await groupReader(app, user.id, groupId);
  if (group.name === name) return group;
  try {
    if (!(await app.stores.groups.rename(user.id, group.id, name))) throw groupNotFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return { ...group, name };
}

/** Deletes a group; its records stay where they are, in My files and in their other groups. */
export async function groupRemover(app: AppContext, user: UserRow, groupId: string): Promise<void> {
  const group = await groupReader(app, user.id, groupId);
  if (!(await app.stores.groups.delete(user.id, group.id))) throw groupNotFound();
}

/** What a members request names: ids of the account's records (any other id is a 404, nothing changes), or a filter. */
async function target(app: AppContext, userId: string, input: GroupMembersInput): Promise<{ ids: string[] } | { filter: UploadFilter }> {
  if (input.filter) {
    if (input.filter.groupId) await groupReader(app, userId, input.filter.groupId);
    return { filter: input.filter };
  }
  const ids = [...new Set(input.uploadIds ?? [])];
  if (ids.some((id) => !isUuid(id)) || (await app.stores.groups.ownedCount(app.db, userId, ids)) !== ids.length) throw fileNotFound();
  return { ids };
}

/** Adds records to a group; a record already in it is left as it is. Answers how many joined. */
export async function groupAdder(app: AppContext, user: UserRow, groupId: string, input: GroupMembersInput): Promise<number> {
  const group = await groupReader(app, user.id, groupId);
  const chosen = await target(app, user.id, input);
  return app.db.transaction().execute((trx) => app.stores.groups.add(trx, user.id, group.id, chosen, nowIso()));
}

/** Takes records out of a group (never deleting them). Answers how many left it. */
export async function groupMemberRemover(app: AppContext, user: UserRow, groupId: string, input: GroupMembersInput): Promise<number> {
  const group = await groupReader(app, user.id, groupId);
  const chosen = await target(app, user.id, input);
  return app.db.transaction().execute((trx) => app.stores.groups.remove(trx, user.id, group.id, chosen));
}

/** A page of the account's groups, by name. */
export function groupLister(app: AppContext, userId: string, offset: number, limit: number, search?: string) {
  return app.stores.groups.list(userId, offset, limit, search);
}

/** The account's groups a record is in. */
export function recordGroupsReader(app: AppContext, uploadId: string) {
  return app.stores.groups.groupsOf(uploadId);
}
