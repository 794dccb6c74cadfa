import type { AppContext } from '../../context';

/** The account's own name for a CID it holds, never another account's; null when it holds none. */
export async function recordNameReader(app: AppContext, userId: string, cid: string): Promise<string | null> {
  return (await app.stores.uploads.findByCidForUser(userId, cid))?.name ?? null;
}
