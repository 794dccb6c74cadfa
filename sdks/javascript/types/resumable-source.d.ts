// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
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
  range(
    start: number,
    end: number,
  ): {
    blob?: Blob;
    path?: string;
    chunks(): AsyncIterable<Uint8Array>;
  };
}
export declare function rangeSource(source: ResumableSource, filename?: string): Promise<RangeSource>;
