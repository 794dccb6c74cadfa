import { MAX_DIRECTORY_BYTES, MAX_FILE_BYTES } from '@cairn/shared';

/**
 * `file`: one file; `dag`: a folder as one DAG (recommended); `files`: a folder as separate files;
 * `car`: a CAR file whose blocks and root CID are kept as they are.
 */
export type UploadMode = 'file' | 'dag' | 'files' | 'car';
export const UPLOAD_MODES: readonly UploadMode[] = ['dag', 'files', 'file', 'car'];

/** Modes that take one file, picked with the file chooser. */
export const singleFileMode = (mode: UploadMode) => mode === 'file' || mode === 'car';

/** A chosen file and its path relative to what was picked or dropped (`docs/a/readme.md`). */
export interface PickedFile {
  file: File;
  path: string;
}

/** A problem with the selection, as a key of `content:upload.checks` and its values. */
export interface SelectionProblem {
  key: 'no_file' | 'one_file' | 'file_too_large' | 'folder_too_large' | 'not_car' | 'car_too_large';
  values?: Record<string, string | number>;
}

/** An upload larger than the room left: what it needs and what is free, in bytes. */
export interface QuotaShortfall {
  needed: number;
  free: number;
}

/** Files from an <input type=file>, with the relative path a folder picker gives them. */
export function fromFileList(files: Iterable<File>): PickedFile[] {
  return [...files].map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/** Adds `added` to `current`; a file with the same path replaces the earlier one. */
export function mergeSelection(current: PickedFile[], added: PickedFile[]): PickedFile[] {
  const byPath = new Map(current.map((item) => [item.path, item]));
  for (const item of added) byPath.set(item.path, item);
  return [...byPath.values()];
}

export const totalBytes = (files: readonly PickedFile[]) => files.reduce((sum, item) => sum + item.file.size, 0);

/** The checks made before uploading (spec section 5): something chosen, 4 GiB per file, 10 GiB per folder or CAR. */
export function checkSelection(mode: UploadMode, files: readonly PickedFile[]): SelectionProblem | null {
  if (files.length === 0) return { key: 'no_file' };
  if (singleFileMode(mode) && files.length > 1) return { key: 'one_file' };
  if (mode === 'car') {
    const [car] = files;
    if (!/\.car$/i.test(car!.file.name)) return { key: 'not_car', values: { name: car!.path } };
    return car!.file.size > MAX_DIRECTORY_BYTES ? { key: 'car_too_large' } : null;
  }
  const large = files.find((item) => item.file.size > MAX_FILE_BYTES);
  if (large) return { key: 'file_too_large', values: { name: large.path } };
  if (mode !== 'file' && totalBytes(files) > MAX_DIRECTORY_BYTES) return { key: 'folder_too_large' };
  return null;
}

/** What the preview shows as a file's type: its media type, else its extension, else nothing. */
export function fileKind(file: File): string {
  if (file.type) return file.type;
  const dot = file.name.lastIndexOf('.');
  return dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Whether the files surely cannot fit in the room left, checked before a byte is sent: a file
 * upload is charged at least its files' bytes. A CAR is charged by its DAG's blocks, known only
 * once read, so the server's answer alone decides it. The server checks again in every case.
 */
export function quotaShortfall(
  mode: UploadMode,
  files: readonly PickedFile[],
  usage: { used: number; limit: number },
): QuotaShortfall | null {
  if (mode === 'car') return null;
  const needed = totalBytes(files);
  const free = Math.max(0, usage.limit - usage.used);
  return needed > free ? { needed, free } : null;
}
