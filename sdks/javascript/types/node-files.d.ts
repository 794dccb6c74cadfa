// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
export declare function statPath(file: string): Promise<number>;
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
