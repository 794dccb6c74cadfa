import type { AppContext } from '../../context';

/**
 * The account's own name for a CID it holds, never another account's; null when it holds none
 * (or, kept to `groupId`, none in that group).
 */
export async function recordNameReader(app: AppContext, userId: string, cid: string, groupId?: string): Promise<string | null> {
  const upload = await app.stores.uploads.findByCidForUser(userId, cid);
  if (!upload || (groupId !== undefined && !(await app.stores.groups.holds(groupId, upload.id)))) return null;
  return upload.name;
}
