import type { DagQuery } from '@cairn/shared';
import type { AppContext } from '../../context';
import { NotADirectoryError } from '../../content/errors';
import { heldUploadReader } from './held-upload-reader';

/**
 * The DAG viewer's answer for one of the account's CIDs: the record's totals and one page of
 * entries: without `path` every file under the root by relative path, with it the direct entries
 * (files and folders) of that folder.
 */
export async function dagReader(app: AppContext, userId: string, rawCid: string, query: DagQuery, groupId?: string) {
  const upload = await heldUploadReader(app, userId, rawCid, groupId);
  const cid = upload.cid;
  const stat = await app.content.stat(cid);
  const offset = (query.page - 1) * query.limit;
  const folder = query.path ? await folderCid(app, cid, query.path) : stat.type === 'directory' ? cid : null;
  const listing =
    folder === null
      ? { entries: [], total: 0 }
      : await app.content.ls(folder, { offset, limit: query.limit, recursive: query.path === undefined });
  return {
    cid,
    uploadId: upload.id,
    name: upload.name,
    type: upload.type,
    totalFiles: stat.files,
    totalSize: stat.size,
    entries: listing.entries,
    total: listing.total,
    page: query.page,
    limit: query.limit,
    gatewayUrl: `${app.config.publicGatewayUrl}/ipfs/${cid}`,
    // A public gateway finds content only where it is announced: without that, its link leads nowhere.
    announced: app.content.capabilities.announcesToPublicNetwork,
    localUrl: `/ipfs/${cid}`,
  };
}

/** The folder at `path` under the root: a file there has no entries to browse. */
async function folderCid(app: AppContext, root: string, path: string): Promise<string> {
  const target = await app.content.resolve(root, path);
  if (target.type !== 'directory') throw new NotADirectoryError(target.cid);
  return target.cid;
}
