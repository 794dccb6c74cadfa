// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
export declare function statPath(file: string): Promise<number>;
/** The file's size now, whatever it is. */
export declare function fileSize(file: string): Promise<number>;
/** The file's bytes in 1 MiB chunks, read as they are needed. */
export declare function readPath(file: string): AsyncGenerator<Uint8Array>;
export interface DiskFile {
  absolute: string;
  /** The path from the folder's parent, with `/` separators: `site/css/a.css`. */
  relative: string;
  size: number;
}
/** Every regular file under `root`, sorted by path; symbolic links are not followed. */
export declare function readDirectory(root: string): Promise<DiskFile[]>;
/** Bytes `start` to `end` (exclusive) of a file, in 256 KiB pieces. */
export declare function readRange(file: string, start: number, end: number): AsyncGenerator<Uint8Array>;
/** What identifies a file's version on disk: its absolute path, size and modification time. */
export declare function fileIdentity(file: string): Promise<{
  absolute: string;
  size: number;
  mtimeMs: number;
}>;
