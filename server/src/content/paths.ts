import { isStorableText, stripNameControls } from '@cairn/shared';
import { InvalidPathError } from './errors';

const MAX_SEGMENT_BYTES = 255;
const CONTROL = /\p{Cc}/u;

/**
 * Normalises a relative upload path (`docs\\a/readme.md` → `docs/a/readme.md`) and rejects any
 * that could escape the tree or make an unnamed entry. Backslashes count as separators because
 * Windows clients send them. Control characters (and NUL or an unpaired surrogate) are refused;
 * bidirectional controls and line separators are dropped from each name, as from every name
 * Cairn keeps, so that a listing shows each entry as what it is.
 */
export function cleanPath(raw: string): string {
  const path = raw.replace(/\\/g, '/');
  if (path.length === 0) throw new InvalidPathError(raw, 'empty path');
  if (path.startsWith('/') || /^[a-zA-Z]:\//.test(path)) throw new InvalidPathError(raw, 'absolute paths are not allowed');
  if (!isStorableText(path) || CONTROL.test(path)) throw new InvalidPathError(raw, 'control characters are not allowed');
  const segments = path.split('/').map(stripNameControls);
  for (const segment of segments) {
    if (segment === '') throw new InvalidPathError(raw, 'empty path segment');
    if (segment === '.' || segment === '..') throw new InvalidPathError(raw, `"${segment}" is not allowed`);
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) throw new InvalidPathError(raw, 'name too long');
  }
  return segments.join('/');
}

/**
 * Tracks the paths of one directory upload so that the same path twice, or a file that is also
 * a folder of another entry (`a` and `a/b`), is refused before it reaches the importer.
 */
export class PathSet {
  private readonly files = new Set<string>();
  private readonly dirs = new Set<string>();

  add(raw: string): string {
    const path = cleanPath(raw);
    if (this.files.has(path) || this.dirs.has(path)) throw new InvalidPathError(raw, 'duplicate path');
    const segments = path.split('/');
    for (let i = 1; i < segments.length; i++) {
      const dir = segments.slice(0, i).join('/');
      if (this.files.has(dir)) throw new InvalidPathError(raw, `"${dir}" is a file`);
      this.dirs.add(dir);
    }
    this.files.add(path);
    return path;
  }
}
