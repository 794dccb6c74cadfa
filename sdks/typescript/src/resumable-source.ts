/**
 * Sources a resumable upload can read from any offset: a path on disk (Node), a Blob or File, or
 * bytes. Streams cannot be resumed, since bytes already read are gone.
 */
import { fileIdentity, readRange } from './node-files';
import { baseName } from './sources';

export type ResumableSource = string | Blob | Uint8Array | ArrayBuffer;

export interface RangeSource {
  filename: string;
  size: number;
  /**
   * Identifies this version of the content, so a stored upload URL is reused only for it: a
   * file's path, size and modification time, or a File's name, size and date. Bytes and plain
   * Blobs have none.
   */
  fingerprint?: string;
  /**
   * Bytes `start` to `end`: as a Blob when the source is one (browsers send it from disk), as a
   * range of its file when it is a path (Node's transport reads it by itself).
   */
  range(start: number, end: number): { blob?: Blob; path?: string; chunks(): AsyncIterable<Uint8Array> };
}

async function* blobChunks(blob: Blob): AsyncGenerator<Uint8Array> {
  const reader = blob.stream().getReader();
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

export async function rangeSource(source: ResumableSource, filename?: string): Promise<RangeSource> {
  if (typeof source === 'string') {
    const file = await fileIdentity(source);
    return {
      filename: filename ?? baseName(source),
      size: file.size,
      fingerprint: `path:${file.absolute}:${file.size}:${file.mtimeMs}`,
      range: (start, end) => ({ path: file.absolute, chunks: () => readRange(file.absolute, start, end) }),
    };
  }
  let blob: Blob;
  if (typeof Blob !== 'undefined' && source instanceof Blob) blob = source;
  else if (source instanceof Uint8Array || source instanceof ArrayBuffer) {
    const bytes = source instanceof Uint8Array ? source : new Uint8Array(source);
    blob = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  } else {
    throw new TypeError('A resumable upload needs a path, a Blob or File, or bytes: a stream cannot be resumed');
  }
  const file = blob as Blob & { name?: string; lastModified?: number };
  const name = filename ?? file.name ?? 'file';
  return {
    filename: name,
    size: blob.size,
    fingerprint: file.name !== undefined && file.lastModified !== undefined ? `file:${name}:${blob.size}:${file.lastModified}` : undefined,
    range: (start, end) => {
      const part = blob.slice(start, end);
      return { blob: part, chunks: () => blobChunks(part) };
    },
  };
}
