import type { AppContext } from '../../context';

/**
 * Whether anything still wants the CID pinned: a record of any account, an upload still streaming
 * that claims it, a replaced pin request's hold while its successor's job is not over, or a pin
 * job running on it now (its runner holding the lease of its task).
 */
async function stillWanted(app: AppContext, cid: string): Promise<boolean> {
  if ((await app.stores.uploads.referenceCount(app.db, cid)) > 0) return true;
  if (await app.stores.contentJobs.claimedByLiveUpload(app.db, cid)) return true;
  if (await app.stores.contentJobs.heldForPinJob(app.db, cid)) return true;
  return app.stores.pinJobs.runningOn(cid, new Date(app.clock.now()).toISOString());
}

/**
 * Unpins a CID when nothing wants it any more. Runs under the CID's lock, shared by every
 * instance, so that no record of the CID can be written between the check and the unpin.
 * Idempotent. True when this call unpinned a pinned CID.
 */
export async function contentReleaser(app: AppContext, cid: string): Promise<boolean> {
  return app.cidLock(cid, async () => {
    if (await stillWanted(app, cid)) return false;
    const pinned = await app.content.isPinned(cid);
    // Unpinned content may still be stored: an upload that died between its import and its pin
    // left its blocks behind. Unpin is idempotent and drops them (on Kubo, the root block).
    await app.content.unpin(cid);
    return pinned;
  });
}
