// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
/* eslint-disable */
/**
 * Streamed request bodies (uploads), as a sequence of pieces: bytes, or ranges of files on disk
 * (Node). Node's transport reads the ranges itself into a few reused buffers; fetch gets the
 * same body as a ReadableStream.
 */
import { CairnError } from './errors';
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
export declare function isDiskRange(piece: BodyPiece): piece is DiskRange;
/** A range's bytes in fresh buffers, failing if the file changed size meanwhile. */
export declare function rangeChunks(range: DiskRange): AsyncGenerator<Uint8Array>;
/**
 * The file was written to while it was uploaded: what was sent may not be any version of it, so
 * the upload fails (and is not retried) rather than storing it.
 */
export declare function changed(path: string): CairnError;
/** The body as a ReadableStream (for fetch), pulled only as fast as the connection takes it. */
export declare function webStream(body: StreamedBody): ReadableStream<Uint8Array>;
/** A stream of bytes as pieces, each reported to `onBytes` once the connection has it. */
export declare function counted(chunks: AsyncIterable<Uint8Array>, onBytes: (bytes: number) => void): AsyncGenerator<BodyPiece>;
