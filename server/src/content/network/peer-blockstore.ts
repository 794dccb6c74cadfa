import type { Blockstore } from 'interface-blockstore';
import type { CID } from 'multiformats/cid';
import { BlockNotFoundError } from '../pack/local-blockstore';

/** Whether a block must not be given to other peers (the blocks of private records). */
export type HiddenFromPeers = (cid: string) => Promise<boolean>;

/**
 * The blockstore bitswap answers other peers from: the node's own, less the blocks `hidden` names,
 * which are answered as missing (bitswap then says "don't have"). Bitswap reads every block it
 * sends, and every presence it confirms, through `get`, so one check there covers both. The check
 * is set once the database is open (`hide`); before that nothing is hidden, which is before any
 * request is taken.
 */
export class PeerBlockstore {
  private hidden: HiddenFromPeers = async () => false;

  constructor(private readonly inner: Blockstore) {}

  hide(hidden: HiddenFromPeers): void {
    this.hidden = hidden;
  }

  /** The blockstore to hand to bitswap. */
  view(): Blockstore {
    const { inner } = this;
    const isHidden = (cid: CID) => this.hidden(cid.toString());
    return new Proxy(inner, {
      get(target, prop, receiver) {
        if (prop === 'get') {
          return async function* (cid: CID, options?: unknown) {
            if (await isHidden(cid)) throw new BlockNotFoundError(cid.toString());
            yield* target.get(cid, options as never);
          };
        }
        if (prop === 'has') {
          return async (cid: CID) => !(await isHidden(cid)) && (await target.has(cid));
        }
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }
}
