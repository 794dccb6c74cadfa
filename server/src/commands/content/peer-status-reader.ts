import type { AppContext } from '../../context';
import { heldUploadReader } from './held-upload-reader';

/** Where one of the account's CIDs is pinned: each node's status, from the engine (IPFS Cluster's peers, else the one node). */
export async function peerStatusReader(app: AppContext, userId: string, rawCid: string, groupId?: string) {
  const { cid } = await heldUploadReader(app, userId, rawCid, groupId);
  return { cid, engine: app.content.engine, peers: await app.content.status(cid) };
}
