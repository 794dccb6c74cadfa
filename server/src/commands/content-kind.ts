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

/** First bytes kept while categorising one folder: a folder may name the same file many times. */
const HEADS_KEPT = 256;

/**
 * The category of a stored directory, by the same rule as at upload: every file's first bytes and
 * name. Each folder is listed once, whole, however many times the tree links it, and the walk
 * stops at the first file that disagrees: linear in the folder's distinct blocks and links.
 */
export async function storedFolderCategory(content: ContentStore, cid: string, signal?: AbortSignal): Promise<Category> {
  const listed = new Set<string>();
  const heads = new Map<string, Uint8Array>();
  let shared: Category | undefined;
  let mixed = false;
  const headOf = async (file: string): Promise<Uint8Array> => {
    let head = heads.get(file);
    if (!head) {
      if (heads.size >= HEADS_KEPT) heads.clear();
      head = await storedHead(content, file);
      heads.set(file, head);
    }
    return head;
  };
  const walk = async (folder: string): Promise<void> => {
    if (listed.has(folder)) return;
    listed.add(folder);
    const { entries } = await content.ls(folder, { limit: Number.MAX_SAFE_INTEGER, signal });
    for (const entry of entries) {
      if (mixed) return;
      if (entry.type === 'directory') {
        await walk(entry.cid);
        continue;
      }
      // A link to other IPLD data (a dag-cbor node, say) has no bytes to sniff: the folder is mixed.
      const category = entry.type === 'raw' ? 'other' : detectCategory(await headOf(entry.cid), entry.name);
      if (entry.type === 'raw' || (shared !== undefined && category !== shared)) mixed = true;
      shared ??= category;
    }
  };
  await walk(cid);
  return mixed ? 'other' : (shared ?? 'other');
}
