import type { AppContext } from '../../context';
import { heldUploadReader } from './held-upload-reader';

/** The allocation of one of the account's pins: the peers meant to hold it and its replication factors. */
export async function allocationReader(app: AppContext, userId: string, rawCid: string, groupId?: string) {
  const { cid } = await heldUploadReader(app, userId, rawCid, groupId);
  const allocation = await app.content.allocations(cid);
  return {
    cid,
    engine: app.content.engine,
    peers: allocation?.peers ?? [],
    replicationMin: allocation?.replicationMin ?? 0,
    replicationMax: allocation?.replicationMax ?? 0,
  };
}
