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
import { releaseBucketUploads } from '../../s3/multipart/multipart-store';

export const groupNotFound = () => notFound('group_not_found', 'Group not found or not owned by the user');
const nameTaken = () => conflict('group_name_taken', 'A group with this name already exists');

/**
 * One of the account's groups, or 404 (another account's group is not told apart from none). Seen
 * through a credential limited to `onlyGroupId`, every other group is that same 404.
 */
export async function groupReader(app: AppContext, userId: string, groupId: string, onlyGroupId: string | null = null): Promise<GroupView> {
  const visible = isUuid(groupId) && (onlyGroupId === null || onlyGroupId === groupId);
  const group = visible ? await app.stores.groups.find(userId, groupId) : undefined;
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

/**
 * Deletes a group; its records stay where they are, in My files and in their other groups. A group
 * that is an S3 bucket takes the bucket with it: its multipart uploads in progress give their
 * parts' quota back in the same transaction.
 */
export async function groupRemover(app: AppContext, user: UserRow, groupId: string): Promise<void> {
  const group = await groupReader(app, user.id, groupId);
  const removed = await app.stores.groups.delete(user.id, group.id, async (trx) => {
    const bucket = await app.stores.s3Buckets.ofGroup(trx, group.id);
    if (bucket) await releaseBucketUploads(trx, bucket.id);
  });
  if (!removed) throw groupNotFound();
}

/**
 * What a members request names: ids of the account's records (any other id is a 404, nothing
 * changes), or a filter. A credential limited to a group has its filter kept to that group, so a
 * filter never sweeps in records it cannot see; ids it may name, as it cannot learn them elsewhere.
 */
async function target(
  app: AppContext,
  userId: string,
  input: GroupMembersInput,
  onlyGroupId: string | null,
): Promise<{ ids: string[] } | { filter: UploadFilter }> {
  if (input.filter) {
    if (onlyGroupId !== null && input.filter.groupId !== undefined && input.filter.groupId !== onlyGroupId) throw groupNotFound();
    const filter = onlyGroupId === null ? input.filter : { ...input.filter, groupId: onlyGroupId };
    if (filter.groupId) await groupReader(app, userId, filter.groupId);
    return { filter };
  }
  const ids = [...new Set(input.uploadIds ?? [])];
  if (ids.some((id) => !isUuid(id)) || (await app.stores.groups.ownedCount(app.db, userId, ids)) !== ids.length) throw fileNotFound();
  return { ids };
}

/**
 * Adds records to a group; a record already in it is left as it is. Answers how many joined.
 * `onlyGroupId`: the one group the credential is limited to (null for the whole account).
 */
export async function groupAdder(
  app: AppContext,
  user: UserRow,
  groupId: string,
  input: GroupMembersInput,
  onlyGroupId: string | null = null,
): Promise<number> {
  const group = await groupReader(app, user.id, groupId, onlyGroupId);
  const chosen = await target(app, user.id, input, onlyGroupId);
  return app.db.transaction().execute((trx) => app.stores.groups.add(trx, user.id, group.id, chosen, nowIso()));
}

/** Takes records out of a group (never deleting them). Answers how many left it. */
export async function groupMemberRemover(
  app: AppContext,
  user: UserRow,
  groupId: string,
  input: GroupMembersInput,
  onlyGroupId: string | null = null,
): Promise<number> {
  const group = await groupReader(app, user.id, groupId, onlyGroupId);
  const chosen = await target(app, user.id, input, onlyGroupId);
  return app.db.transaction().execute((trx) => app.stores.groups.remove(trx, user.id, group.id, chosen));
}

/** A page of the account's groups, by name; through a credential limited to a group, that group alone. */
export function groupLister(
  app: AppContext,
  userId: string,
  offset: number,
  limit: number,
  search?: string,
  onlyGroupId: string | null = null,
) {
  return app.stores.groups.list(userId, offset, limit, search, onlyGroupId);
}

/** The account's groups a record is in; seen through a credential limited to a group, that group alone. */
export async function recordGroupsReader(app: AppContext, uploadId: string, onlyGroupId: string | null = null) {
  const groups = await app.stores.groups.groupsOf(uploadId);
  return onlyGroupId === null ? groups : groups.filter((group) => group.id === onlyGroupId);
}
