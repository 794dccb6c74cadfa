/** An entry an engine reported for a folder import: `''` is the wrapping folder. */
export interface AddedEntry {
  path: string;
  cid: string;
}

/**
 * The root a folder upload gets, as `ipfs add -r` gives it: when every path lies under one top
 * folder, that folder; otherwise the unnamed wrapper. Remote engines are asked to wrap (which of
 * the two is right is known only after the last path), and the root is picked here.
 */
export function folderRoot(entries: AddedEntry[], filePaths: Set<string>): string {
  const wrapper = entries.find((entry) => entry.path === '');
  if (!wrapper) throw new Error('the engine did not report the wrapping folder of an upload');
  const top = new Set<string>();
  for (const path of filePaths) top.add(path.split('/')[0]!);
  if (top.size === 1) {
    const [name] = top;
    if (!filePaths.has(name!)) {
      const folder = entries.find((entry) => entry.path === name);
      if (folder) return folder.cid;
    }
  }
  return wrapper.cid;
}
