/**
 * Paths in the order a file manager lists a folder: folder by folder, the subfolders of each before
 * its files, names compared as people read them (`note-2` before `note-10`, case and accents aside)
 * in the language on screen.
 */
export function folderOrder(language: string): (a: string, b: string) => number {
  const names = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
  const exact = new Intl.Collator(language, { numeric: true });
  return (a, b) => {
    const left = a.split('/');
    const right = b.split('/');
    for (let i = 0; i < Math.min(left.length, right.length); i++) {
      const leftFolder = i < left.length - 1;
      const rightFolder = i < right.length - 1;
      if (leftFolder !== rightFolder) return leftFolder ? -1 : 1;
      const order = names.compare(left[i]!, right[i]!) || exact.compare(left[i]!, right[i]!);
      if (order !== 0) return order;
    }
    return left.length - right.length;
  };
}
