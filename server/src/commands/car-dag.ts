import type { CID } from 'multiformats/cid';
import { blockLinks } from '../content/block-links';
import type { ContentStore } from '../content/types';
import { badRequest } from '../lib/errors';

const IDENTITY = 0x00;

/** Blocks are told apart by multihash: the same bytes under a v0 and a v1 CID are one block. */
export const blockKey = (cid: CID) => Buffer.from(cid.multihash.bytes).toString('base64');

/**
 * Every block of the DAG under `root`, from the links of the blocks the CAR brought (`carried`)
 * and, below a link to a block it did not bring, from blocks this deployment already holds. A
 * block found in neither is a 400: the CAR is not a complete DAG and nothing of it is kept.
 */
export async function completeDag(
  content: Pick<ContentStore, 'has' | 'block'>,
  root: CID,
  carried: Map<string, CID[]>,
  signal?: AbortSignal,
): Promise<CID[]> {
  const dag: CID[] = [];
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    signal?.throwIfAborted();
    const cid = stack.pop()!;
    const key = blockKey(cid);
    if (cid.multihash.code === IDENTITY || seen.has(key)) continue;
    seen.add(key);
    dag.push(cid);
    let links = carried.get(key);
    if (!links) {
      // Asked first without the network, so a block nobody holds is not waited for.
      if (!(await content.has(cid.toString()))) {
        throw badRequest('car_incomplete', `The CAR is not a complete DAG: block ${cid} is neither in it nor stored here`);
      }
      links = heldLinks(cid, await content.block(cid.toString(), { signal }));
    }
    for (let i = links.length - 1; i >= 0; i--) stack.push(links[i]!);
  }
  return dag;
}

/** A held block of a codec Cairn cannot read was pinned by CID; it is taken as it is, as its pin took it. */
function heldLinks(cid: CID, bytes: Uint8Array): CID[] {
  try {
    return blockLinks(cid, bytes);
  } catch {
    return [];
  }
}
