import { CID } from 'multiformats/cid';
import { blockLinks } from '../../../content/block-links';
import type { AppContext } from '../../../context';

const RAW = 0x55;
const IDENTITY = 0x00;
/** CIDs looked up per query while a pinned DAG is checked. */
const CHECK_BATCH = 2_000;

/**
 * Whether a block the node holds is one `userId` may not take from the node's own store: a block
 * of a DAG only others' private records hold. A CAR upload that links to such a block without
 * carrying it is incomplete, as if the block were not here.
 */
export async function hiddenFromUser(app: AppContext, userId: string, cid: string): Promise<boolean> {
  return (await app.stores.hiddenBlocks.hiddenFrom(userId, [cid])).length > 0;
}

/**
 * Whether the DAG a pin by CID completed includes blocks only others' private records hold. A pin
 * takes whatever this node already holds without fetching it, so without this check anyone who
 * knows a private CID (it is in every link to it) could pin it, or a DAG of their own that links
 * to it, as a public record and have the gateway serve it. Such a pin fails as content not found,
 * whoever else holds those blocks publicly on the network, unless the root itself is some
 * account's public record. Only blocks that link to others are read; every CID of the DAG is
 * looked up, a few thousand per query.
 */
export async function pinTouchesHidden(app: AppContext, userId: string, rootCid: string, signal?: AbortSignal): Promise<boolean> {
  // A DAG some account holds publicly is served whole by the gateway already: a block it shares
  // with a private DAG is public through it, and a private record hides nobody else's public one.
  if ((await app.stores.uploads.visibility(rootCid)) === 'public') return false;
  const seen = new Set<string>();
  const stack: CID[] = [CID.parse(rootCid)];
  let batch: string[] = [];
  const flush = async () => {
    const hidden = batch.length > 0 && (await app.stores.hiddenBlocks.hiddenFrom(userId, batch)).length > 0;
    batch = [];
    return hidden;
  };
  while (stack.length > 0) {
    signal?.throwIfAborted();
    const cid = stack.pop()!;
    const key = cid.toString();
    if (seen.has(key) || cid.multihash.code === IDENTITY) continue;
    seen.add(key);
    batch.push(key);
    if (batch.length >= CHECK_BATCH && (await flush())) return true;
    if (cid.code === RAW) continue;
    let links: CID[] = [];
    try {
      links = blockLinks(cid, await app.content.block(key, { signal }));
    } catch {
      // A block of a codec Cairn cannot read is a leaf to this check.
    }
    stack.push(...links);
  }
  return flush();
}
