import type { AppContext } from '../../context';

/**
 * Whether the gateway may serve a CID to anyone: `served` for one some account holds publicly, or
 * a block held here inside such a DAG; `private` for one only private records hold, or a block
 * inside the DAG of such a root (see `hidden_blocks`), which only a signed link opens; `absent`
 * otherwise. The gateway is no open proxy: nothing is fetched from the network for it.
 */
export async function servedContentChecker(app: AppContext, cid: string): Promise<'served' | 'private' | 'absent'> {
  const visibility = await app.stores.uploads.visibility(cid);
  if (visibility === 'public') return 'served';
  if (visibility === 'private' || (await app.stores.hiddenBlocks.isHidden(cid))) return 'private';
  return (await app.content.has(cid)) ? 'served' : 'absent';
}
