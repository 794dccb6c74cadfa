import { magicCategory } from './magic';

export type Category = 'image' | 'video' | 'audio' | 'document' | 'office' | 'archive' | 'code' | 'text' | 'other';

const BY_EXTENSION: Record<Exclude<Category, 'other'>, string[]> = {
  image: [
    'png',
    'jpg',
    'jpeg',
    'gif',
    'webp',
    'bmp',
    'tif',
    'tiff',
    'ico',
    'svg',
    'heic',
    'heif',
    'avif',
    'jxl',
    'psd',
    'raw',
    'cr2',
    'nef',
    'dng',
  ],
  video: ['mp4', 'm4v', 'mov', 'webm', 'mkv', 'avi', 'wmv', 'flv', 'mpg', 'mpeg', 'ts', '3gp', 'ogv'],
  audio: ['mp3', 'wav', 'flac', 'ogg', 'oga', 'opus', 'm4a', 'aac', 'wma', 'aiff', 'aif', 'mid', 'midi', 'amr'],
  document: ['pdf', 'epub', 'mobi', 'djvu', 'ps', 'rtf', 'tex'],
  office: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'pages', 'numbers', 'key', 'vsdx'],
  archive: [
    'zip',
    'tar',
    'gz',
    'tgz',
    'bz2',
    'xz',
    'zst',
    '7z',
    'rar',
    'car',
    'iso',
    'dmg',
    'jar',
    'apk',
    'deb',
    'rpm',
    'lz',
    'lzma',
    'cab',
  ],
  code: [
    'js',
    'mjs',
    'cjs',
    'ts',
    'tsx',
    'jsx',
    'py',
    'rb',
    'go',
    'rs',
    'java',
    'kt',
    'c',
    'h',
    'cc',
    'cpp',
    'hpp',
    'cs',
    'php',
    'swift',
    'scala',
    'sh',
    'bash',
    'zsh',
    'ps1',
    'sql',
    'html',
    'htm',
    'css',
    'scss',
    'less',
    'vue',
    'svelte',
    'json',
    'yaml',
    'yml',
    'toml',
    'xml',
    'lua',
    'pl',
    'r',
    'dart',
    'ex',
    'exs',
    'erl',
    'hs',
    'clj',
    'sol',
    'wasm',
    'ipynb',
  ],
  text: ['txt', 'md', 'markdown', 'csv', 'tsv', 'log', 'ini', 'cfg', 'conf', 'rst', 'adoc', 'srt', 'vtt'],
};

const EXTENSION_CATEGORY = new Map<string, Category>(
  Object.entries(BY_EXTENSION).flatMap(([category, extensions]) => extensions.map((ext) => [ext, category as Category] as const)),
);

// `.ts` is far more often TypeScript than an MPEG transport stream when the bytes are text.
const TEXT_OVERRIDES = new Map<string, Category>([['ts', 'code']]);

/**
 * Category of an upload from its first bytes (magic numbers, as file-type reads them) and its
 * name. Synchronous on purpose: it runs on the upload path with the head already captured.
 * Magic bytes win over the extension for binary formats (a renamed `.txt` PNG is an image), except
 * where the container is ambiguous (zip vs office, ftyp audio vs video), where the extension refines.
 */
export function detectCategory(firstBytes: Uint8Array, filename: string): Category {
  const ext = extensionOf(filename);
  const byExt = EXTENSION_CATEGORY.get(ext);
  const magic = magicCategory(firstBytes);
  if (magic === 'zip') {
    if (byExt === 'office' || byExt === 'document') return byExt;
    return officeFromZipHead(firstBytes) ?? 'archive';
  }
  if (magic === 'ftyp') return byExt === 'audio' ? 'audio' : 'video';
  if (magic === 'ole') return 'office';
  if (magic) return magic;
  if (looksLikeText(firstBytes)) {
    const override = TEXT_OVERRIDES.get(ext);
    if (override) return override;
    if (byExt === 'code' || byExt === 'text' || byExt === 'document') return byExt;
    if (byExt === 'image') return 'image'; // svg
    return firstBytes.byteLength === 0 ? (byExt ?? 'other') : 'text';
  }
  return byExt ?? 'other';
}

/** The lower-cased extension of a file name's last segment (`report.PDF` → `pdf`), or '' without one: all of a name the category reads. */
export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** OOXML and ODF are zips whose first entry names give them away. */
function officeFromZipHead(bytes: Uint8Array): Category | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096)).toString('latin1');
  if (/\[Content_Types\]\.xml|word\/|xl\/|ppt\/|docProps\//.test(head)) return 'office';
  if (head.includes('mimetypeapplication/vnd.oasis.opendocument')) return 'office';
  if (head.includes('mimetypeapplication/epub+zip')) return 'document';
  return undefined;
}

/** UTF-8 (or ASCII) without NUL bytes in the head: text, not a binary format. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return false;
  try {
    // A multi-byte character cut at the end of the head is fine; decode all but the last 3 bytes strictly.
    new TextDecoder('utf-8', { fatal: true }).decode(head.byteLength > 3 ? head.subarray(0, head.byteLength - 3) : head);
    return true;
  } catch {
    return false;
  }
}
