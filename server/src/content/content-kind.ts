import { detectCategory, extensionOf } from './category';
import type { ContentStore, ContentType } from './types';
import type { Category, UploadType } from '../db/schema';
import { storedHead } from './head-capture';

/**
 * One rule for what a record is, whichever way its content arrived (a file or folder upload, a
 * pin by CID): the type says what the root is, and a folder's category is the one its files share.
 */

/**
 * A UnixFS directory is a `directory` (a folder uploaded as one DAG is one); a UnixFS file or a
 * raw block is a `file`; anything else (dag-cbor, a dag-pb node without UnixFS data) is a `dag`.
 */
export function recordType(root: ContentType): UploadType {
  return root === 'directory' ? 'directory' : root === 'file' ? 'file' : 'dag';
}

/**
 * The category of stored content of this record type: a file's by its first bytes and name, a
 * folder's by its files (`head` may give a file's first bytes already at hand), other data `other`.
 */
export async function storedCategory(
  content: ContentStore,
  cid: string,
  type: UploadType,
  name: string,
  signal?: AbortSignal,
  head?: (file: string) => Uint8Array | undefined,
): Promise<Category> {
  if (type === 'file') return detectCategory(await storedHead(content, cid), name);
  if (type === 'directory') return storedFolderCategory(content, cid, signal, head);
  return 'other';
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

/** Categories kept while categorising one folder: a folder may name the same file many times. */
const CATEGORIES_KEPT = 1_024;

/**
 * The category of a stored directory, by the same rule as at upload: every file's first bytes and
 * name. Each folder is listed once, whole, however many times the tree links it, the same file
 * under the same extension is read once, and the walk stops at the first file that disagrees:
 * linear in the folder's distinct blocks and links. `headOf` gives first bytes the caller has
 * already (a CAR upload's small leaves), so those files are not read back.
 */
export async function storedFolderCategory(
  content: ContentStore,
  cid: string,
  signal?: AbortSignal,
  headOf?: (file: string) => Uint8Array | undefined,
): Promise<Category> {
  const listed = new Set<string>();
  const known = new Map<string, Category>();
  let shared: Category | undefined;
  let mixed = false;
  const categoryOf = async (file: string, name: string): Promise<Category> => {
    const key = `${file}/${extensionOf(name)}`;
    let category = known.get(key);
    if (!category) {
      if (known.size >= CATEGORIES_KEPT) known.clear();
      category = detectCategory(headOf?.(file) ?? (await storedHead(content, file)), name);
      known.set(key, category);
    }
    return category;
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
      const category = entry.type === 'raw' ? 'other' : await categoryOf(entry.cid, entry.name);
      if (entry.type === 'raw' || (shared !== undefined && category !== shared)) mixed = true;
      shared ??= category;
    }
  };
  await walk(cid);
  return mixed ? 'other' : (shared ?? 'other');
}
