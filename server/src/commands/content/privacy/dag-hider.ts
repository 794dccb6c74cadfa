import { CID } from 'multiformats/cid';
import { blockLinks } from '../../../content/block-links';
import type { AppContext } from '../../../context';

const RAW = 0x55;
const IDENTITY = 0x00;

/**
 * Records every block of a DAG this deployment holds as hidden (`hidden_blocks`), before a record
 * of it turns private. Only blocks that link to others are read: raw leaves, the bulk of a file's
 * bytes, are known from their parents' links, so a gigabyte file costs a few dozen block reads. A
 * block the engine does not hold is recorded without its children (nothing of it could be served).
 * Once per root: a root already recorded is not walked again.
 */
export async function dagHider(app: AppContext, rootCid: string): Promise<void> {
  if (await app.stores.hiddenBlocks.has(rootCid)) return;
  const seen = new Set<string>();
  const stack: CID[] = [CID.parse(rootCid)];
  const found: string[] = [];
  while (stack.length > 0) {
    const cid = stack.pop()!;
    const key = cid.toString();
    if (seen.has(key) || cid.multihash.code === IDENTITY) continue;
    seen.add(key);
    // The root last, so that its row (what `has` looks for) says the whole DAG is recorded.
    if (key !== rootCid) found.push(key);
    if (cid.code === RAW) continue;
    let bytes: Uint8Array;
    try {
      bytes = await app.content.block(key);
    } catch {
      continue;
    }
    let links: CID[] = [];
    try {
      links = blockLinks(cid, bytes);
    } catch {
      // A codec Cairn cannot read: the block alone is served, so it alone is recorded.
    }
    for (const link of links) stack.push(link);
    if (found.length >= 10_000) await app.stores.hiddenBlocks.add(rootCid, found.splice(0));
  }
  found.push(rootCid);
  await app.stores.hiddenBlocks.add(rootCid, found);
}
