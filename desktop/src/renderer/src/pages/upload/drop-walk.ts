import type { PickedFile } from './selection';

/** Reads every entry of a dropped folder: readEntries answers in batches until it answers none. */
async function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  const entries: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return entries;
    entries.push(...batch);
  }
}

const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const isDirectory = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;

async function walk(entry: FileSystemEntry, out: PickedFile[]): Promise<void> {
  if (isFile(entry)) {
    const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject));
    // fullPath is "/folder/sub/name.txt": the path relative to what was dropped, folder included.
    out.push({ file, path: entry.fullPath.replace(/^\/+/, '') || file.name });
  } else if (isDirectory(entry)) {
    for (const child of await readAll(entry.createReader())) await walk(child, out);
  }
}

/**
 * Every file in a drop, folders walked recursively with their relative paths kept. Entries must be
 * taken from the items synchronously, before the first await: the DataTransfer empties afterwards.
 */
export async function filesFromDrop(data: DataTransfer): Promise<PickedFile[]> {
  const items = [...data.items].filter((item) => item.kind === 'file');
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null)) {
    return [...data.files].map((file) => ({ file, path: file.name }));
  }
  const out: PickedFile[] = [];
  for (const entry of entries) await walk(entry!, out);
  return out;
}
