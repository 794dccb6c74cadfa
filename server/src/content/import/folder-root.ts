import type { CID } from 'multiformats/cid';
import type { PackWriter } from '../pack/pack-writer';

/**
 * The root of a folder upload, as Kubo gives it: when every path starts with one folder
 * (`site/index.html`, `site/css/a.css`) that folder is the root, the CID of `ipfs add -r site`;
 * otherwise the paths are wrapped in an unnamed folder, as `ipfs add -r` of the folder holding
 * them. The importer cannot know which until the last path, so it always builds the wrapper,
 * last; this store holds back the last block written, so that an unneeded wrapper never reaches
 * the pack.
 */
export class FolderRootWriter {
  private held: { cid: CID; bytes: Uint8Array } | undefined;

  constructor(private readonly pack: PackWriter) {}

  /** interface-blockstore's `put`, one block behind. */
  async put(cid: CID, bytes: Uint8Array): Promise<CID> {
    const previous = this.held;
    this.held = { cid, bytes };
    if (previous) await this.pack.put(previous.cid, previous.bytes);
    return cid;
  }

  /**
   * Picks the root from the importer's entries (`''` is the wrapper) and writes the held block
   * unless it is the wrapper that is not needed.
   */
  async finish(entries: Array<{ path: string; cid: CID; directory: boolean }>): Promise<CID | undefined> {
    const wrapper = entries.find((entry) => entry.path === '');
    const top = entries.filter((entry) => entry.path !== '' && !entry.path.includes('/'));
    const folder = top.length === 1 && top[0]!.directory ? top[0]!.cid : undefined;
    const held = this.held;
    this.held = undefined;
    if (held && !(folder && wrapper && held.cid.equals(wrapper.cid))) await this.pack.put(held.cid, held.bytes);
    return folder ?? wrapper?.cid;
  }
}
