/**
 * What can be uploaded: a path on disk (Node), a Blob or File, a ReadableStream, a Node stream or
 * any async iterable of bytes, or bytes in memory. Each becomes an `UploadPart` that is read
 * lazily, chunk by chunk, while the request is sent.
 */
import { readDirectory, statPath, readPath } from './node-files';

/** One file to upload. `string` is a path on disk (Node only). */
export type FileSource = string | Blob | Uint8Array | ArrayBuffer | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** A file of a folder given in memory or from a browser: its relative path and its content. */
export interface DirectoryEntry {
  path: string;
  content: FileSource;
}

/** A file with the name it is sent under (the record's name: its last path segment). */
export interface NamedFile {
  filename: string;
  content: FileSource;
}

export function isNamed(source: FileSource | NamedFile): source is NamedFile {
  return typeof source === 'object' && source !== null && 'content' in source && 'filename' in source;
}

export interface UploadPart {
  /** The part's filename: the file name, or the path relative to the upload for a folder. */
  filename: string;
  /** Bytes, when known in advance. */
  size?: number;
  /** The content as a Blob, when it is one (lets browsers send it without streaming). */
  blob?: Blob;
  /** The file on disk holding the content (Node), which the transport then reads by itself. */
  path?: string;
  chunks(): AsyncIterable<Uint8Array>;
}

async function* readableChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<Uint8Array> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

function once<T>(make: () => T): () => T {
  let used = false;
  return () => {
    if (used) throw new TypeError('A stream can be uploaded only once');
    used = true;
    return make();
  };
}

/** The part for one file; `filename` defaults to the path's last segment or the File's name. */
export async function partFrom(source: FileSource, filename?: string): Promise<UploadPart> {
  if (typeof source === 'string') {
    const size = await statPath(source);
    return { filename: filename ?? baseName(source), size, path: source, chunks: () => readPath(source) };
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    const name = filename ?? (source as Blob & { name?: string }).name ?? 'file';
    return { filename: name, size: source.size, blob: source, chunks: () => readableChunks(source.stream()) };
  }
  if (source instanceof Uint8Array || source instanceof ArrayBuffer) {
    const bytes = source instanceof Uint8Array ? source : new Uint8Array(source);
    // Blob copies the bytes; the cast only widens what TypeScript accepts as a BlobPart.
    const blob = new Blob([bytes as Uint8Array<ArrayBuffer>]);
    return { filename: filename ?? 'file', size: bytes.byteLength, blob, chunks: () => readableChunks(blob.stream()) };
  }
  if (typeof ReadableStream !== 'undefined' && source instanceof ReadableStream) {
    return { filename: filename ?? 'file', chunks: once(() => readableChunks(source)) };
  }
  if (isAsyncIterable(source)) {
    return {
      filename: filename ?? 'file',
      chunks: once(async function* () {
        yield* source;
      }),
    };
  }
  throw new TypeError('Unsupported upload source: give a path, Blob, File, bytes or a stream');
}

/**
 * The parts of a folder: from a path on disk (each file named `<folder>/<relative path>`, so the
 * folder is the DAG's root), or from entries / Files carrying `webkitRelativePath`.
 */
export async function directoryParts(
  source: string | readonly DirectoryEntry[] | readonly File[],
): Promise<{ parts: UploadPart[]; total: number }> {
  if (typeof source === 'string') {
    const files = await readDirectory(source);
    const parts = files.map((f) => ({ filename: f.relative, size: f.size, path: f.absolute, chunks: () => readPath(f.absolute) }));
    return { parts, total: files.reduce((sum, f) => sum + f.size, 0) };
  }
  const parts: UploadPart[] = [];
  for (const entry of source) {
    const isFile = typeof File !== 'undefined' && entry instanceof File;
    const path = isFile
      ? (entry as File & { webkitRelativePath?: string }).webkitRelativePath || (entry as File).name
      : (entry as DirectoryEntry).path;
    parts.push(await partFrom(isFile ? (entry as File) : (entry as DirectoryEntry).content, path));
  }
  const sized = parts.every((p) => p.size !== undefined);
  return { parts, total: sized ? parts.reduce((sum, p) => sum + p.size!, 0) : Number.NaN };
}

export function baseName(path: string): string {
  const segments = path.split(/[\\/]+/).filter(Boolean);
  return segments[segments.length - 1] ?? 'file';
}
