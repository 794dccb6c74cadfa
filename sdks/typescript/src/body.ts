/**
 * Streamed request bodies (uploads), as a sequence of pieces: bytes, or ranges of files on disk
 * (Node). Node's transport reads the ranges itself into a few reused buffers; fetch gets the
 * same body as a ReadableStream.
 */
import { CairnError } from './errors';
import { fileSize, readRange } from './node-files';

/** Bytes `start` to `end` (exclusive) of a file on disk, read only as the connection takes them. */
export interface DiskRange {
  path: string;
  start: number;
  end: number;
  /** The file's size when the upload began: if it is not that any more once the range is read, the upload fails. */
  fileSize: number;
  /** Called with each count of this range's bytes handed to the connection. */
  onBytes?: (bytes: number) => void;
}

export type BodyPiece = Uint8Array | DiskRange;

export interface StreamedBody {
  pieces: AsyncIterable<BodyPiece> | Iterable<BodyPiece>;
  /** The body's exact length in bytes, when known: sent as Content-Length rather than chunked. */
  length?: number;
}

export function isDiskRange(piece: BodyPiece): piece is DiskRange {
  return !(piece instanceof Uint8Array);
}

/** A range's bytes in fresh buffers, failing if the file changed size meanwhile. */
export async function* rangeChunks(range: DiskRange): AsyncGenerator<Uint8Array> {
  let at = range.start;
  for await (const chunk of readRange(range.path, range.start, range.end)) {
    yield chunk;
    at += chunk.byteLength;
    range.onBytes?.(chunk.byteLength);
  }
  if (at < range.end || (await fileSize(range.path)) !== range.fileSize) throw changed(range.path);
}

/**
 * The file was written to while it was uploaded: what was sent may not be any version of it, so
 * the upload fails (and is not retried) rather than storing it.
 */
export function changed(path: string): CairnError {
  return new CairnError({ status: 0, code: 'file_changed', message: `The file ${path} changed size while it was uploaded` });
}

/** The body as a ReadableStream (for fetch), pulled only as fast as the connection takes it. */
export function webStream(body: StreamedBody): ReadableStream<Uint8Array> {
  const chunks = (async function* () {
    for await (const piece of body.pieces) {
      if (isDiskRange(piece)) yield* rangeChunks(piece);
      else yield piece;
    }
  })();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** A stream of bytes as pieces, each reported to `onBytes` once the connection has it. */
export async function* counted(chunks: AsyncIterable<Uint8Array>, onBytes: (bytes: number) => void): AsyncGenerator<BodyPiece> {
  for await (const chunk of chunks) {
    yield chunk;
    onBytes(chunk.byteLength);
  }
}
