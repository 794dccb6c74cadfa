// Generated from sdks/typescript/src by `npm run build:javascript -w @cairn/sdk`. Do not edit.
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
export declare function isNamed(source: FileSource | NamedFile): source is NamedFile;
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
/** The part for one file; `filename` defaults to the path's last segment or the File's name. */
export declare function partFrom(source: FileSource, filename?: string): Promise<UploadPart>;
/**
 * The parts of a folder: from a path on disk (each file named `<folder>/<relative path>`, so the
 * folder is the DAG's root), or from entries / Files carrying `webkitRelativePath`.
 */
export declare function directoryParts(source: string | readonly DirectoryEntry[] | readonly File[]): Promise<{
  parts: UploadPart[];
  total: number;
}>;
export declare function baseName(path: string): string;
