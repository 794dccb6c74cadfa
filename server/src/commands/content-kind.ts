import { detectCategory } from '../content/category';
import type { ContentStore, ContentType } from '../content/types';
import type { Category, UploadType } from '../db/schema';
import { storedHead } from './head-capture';

/**
 * One rule for what a record is, whichever way its content arrived (a file or folder upload, a
 * pin by CID): the type says what the root is, and a folder's category is the one its files share.
 */

/** A UnixFS directory is a `directory` (a folder uploaded as one DAG is one); a file or a raw block is a `file`. */
export function recordType(root: ContentType): UploadType {
  return root === 'directory' ? 'directory' : 'file';
}

/** The category every file of a folder has, or `other` when they differ (or there is none). */
export function folderCategory(categories: Iterable<Category>): Category {
  let shared: Category | undefined;
  for (const category of categories) {
    if (shared === undefined) shared = category;
    else if (category !== shared) return 'other';
  }
  return shared ?? 'other';
}

/** Files read per listing page while categorising a stored directory. */
const PAGE = 200;

/**
 * The category of a stored directory, by the same rule as at upload: every file's first bytes and
 * name. Reads one page of the listing at a time and stops at the first file that disagrees.
 */
export async function storedFolderCategory(content: ContentStore, cid: string, signal?: AbortSignal): Promise<Category> {
  let shared: Category | undefined;
  for (let offset = 0; ; offset += PAGE) {
    const page = await content.ls(cid, { recursive: true, offset, limit: PAGE, signal });
    for (const entry of page.entries) {
      if (entry.type === 'directory') continue;
      // A link to other IPLD data (a dag-cbor node, say) has no bytes to sniff: the folder is mixed.
      if (entry.type === 'raw') return 'other';
      const category = detectCategory(await storedHead(content, entry.cid), entry.name);
      if (shared !== undefined && category !== shared) return 'other';
      shared = category;
    }
    if (page.entries.length < PAGE || offset + PAGE >= page.total) return shared ?? 'other';
  }
}
