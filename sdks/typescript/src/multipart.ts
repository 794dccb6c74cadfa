/**
 * `multipart/form-data` bodies built as streams: every file is read chunk by chunk as the
 * request is sent, so a 4 GiB file or a 10 GiB folder never sits in memory.
 */
import { counted, type BodyPiece, type StreamedBody } from './body';
import type { UploadPart } from './sources';

export interface UploadProgress {
  /** Bytes of file content sent so far. */
  loaded: number;
  /** Bytes of file content in all, when known. */
  total?: number;
  /** The relative path of the file being sent. */
  file?: string;
}

export type ProgressCallback = (progress: UploadProgress) => void;

const encoder = new TextEncoder();

export function makeBoundary(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `----cairn${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A filename as browsers write it in Content-Disposition: quotes and line breaks escaped. */
export function quoteFilename(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function partHeader(boundary: string, filename: string): string {
  return (
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="file"; filename="${quoteFilename(filename)}"\r\n` +
    `Content-Type: application/octet-stream\r\n\r\n`
  );
}

async function* multipartPieces(
  parts: AsyncIterable<UploadPart> | Iterable<UploadPart>,
  boundary: string,
  total: number | undefined,
  onProgress?: ProgressCallback,
): AsyncGenerator<BodyPiece> {
  let loaded = 0;
  onProgress?.({ loaded, total });
  for await (const part of parts) {
    const report = (bytes: number) => {
      loaded += bytes;
      onProgress?.({ loaded, total, file: part.filename });
    };
    yield encoder.encode(partHeader(boundary, part.filename));
    // A file on disk is read by the transport itself, into buffers it reuses.
    if (part.path !== undefined && part.size !== undefined)
      yield { path: part.path, start: 0, end: part.size, fileSize: part.size, onBytes: report };
    else yield* counted(part.chunks(), report);
    yield encoder.encode('\r\n');
  }
  yield encoder.encode(closing(boundary));
}

function closing(boundary: string): string {
  return `--${boundary}--\r\n`;
}

/**
 * The body, read only as fast as the connection takes it, with its exact length when every
 * part's size is known.
 */
export function multipartBody(
  parts: readonly UploadPart[],
  boundary: string,
  total: number | undefined,
  onProgress?: ProgressCallback,
): StreamedBody {
  let length: number | undefined = encoder.encode(closing(boundary)).byteLength;
  for (const part of parts) {
    if (length === undefined || part.size === undefined) length = undefined;
    else length += encoder.encode(partHeader(boundary, part.filename)).byteLength + part.size + 2;
  }
  return { pieces: multipartPieces(parts, boundary, total, onProgress), length };
}

/**
 * The body as a Blob of Blobs, for browsers (which stream a Blob from disk but refuse a
 * ReadableStream body over HTTP/1.1). Progress is reported at the start and once sent.
 */
export function multipartBlob(parts: readonly UploadPart[], boundary: string): Blob {
  const pieces: BlobPart[] = [];
  for (const part of parts) {
    pieces.push(partHeader(boundary, part.filename), part.blob!, '\r\n');
  }
  pieces.push(closing(boundary));
  return new Blob(pieces);
}
