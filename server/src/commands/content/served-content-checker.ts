import type { AppContext } from '../../context';

/**
 * Whether the gateway may serve a CID: one some account holds, or a block held here inside such a
 * DAG. The gateway is no open proxy: nothing is fetched from the network for it.
 */
export async function servedContentChecker(app: AppContext, cid: string): Promise<boolean> {
  return (await app.stores.uploads.isHeld(cid)) || (await app.content.has(cid));
}
