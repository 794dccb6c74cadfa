/**
 * `multipart/form-data` bodies built as streams: every file is read chunk by chunk as the
 * request is sent, so a 4 GiB file or a 10 GiB folder never sits in memory.
 */
import { counted, type BodyPiece, type StreamedBody } from './body';
import { fileDisposition } from './names';
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

function partHeader(boundary: string, filename: string): string {
  return `--${boundary}\r\nContent-Disposition: ${fileDisposition(filename)}\r\nContent-Type: application/octet-stream\r\n\r\n`;
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
 * ReadableStream body over HTTP/1.1), and how far its files are once `sent` bytes of it are: the
 * progress of a request that reports body bytes (XMLHttpRequest), in the files' own bytes.
 */
export function multipartBlob(
  parts: readonly UploadPart[],
  boundary: string,
  total: number | undefined,
  onProgress?: ProgressCallback,
): { blob: Blob; sent: (bodyBytes: number) => void } {
  const pieces: Array<string | Blob> = [];
  const starts: number[] = [];
  let at = 0;
  for (const part of parts) {
    const header = partHeader(boundary, part.filename);
    pieces.push(header, part.blob!, '\r\n');
    at += encoder.encode(header).byteLength;
    starts.push(at);
    at += part.blob!.size + 2;
  }
  pieces.push(closing(boundary));
  // Parts before `index` are sent whole; bodies are only ever sent forwards.
  let index = 0;
  let whole = 0;
  let reported = -1;
  const sent = (bodyBytes: number) => {
    while (index < parts.length - 1 && bodyBytes >= starts[index + 1]!) whole += parts[index++]!.blob!.size;
    const part = parts[index];
    const loaded = part ? whole + Math.min(Math.max(bodyBytes - starts[index]!, 0), part.blob!.size) : 0;
    if (loaded === reported) return;
    reported = loaded;
    onProgress?.({ loaded, total, file: part?.filename });
  };
  return { blob: new Blob(pieces), sent };
}
