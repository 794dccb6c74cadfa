import type { CidVersion } from '../types';

/**
 * Input goes to the worker in pieces of this size (a file's last piece, and a small file's only
 * one, are shorter): the importer takes 1-4 MiB pieces ~2x faster than socket-sized 64 KiB chunks,
 * and fewer pieces mean fewer messages between the threads. A multiple of the leaf size.
 */
export const PIECE_BYTES = 4 * 1024 * 1024;

/** Messages from the main thread to an import worker. One import at a time per worker. */
export type ToWorker =
  | { type: 'start'; mode: 'file' | 'directory'; cidVersion: CidVersion; packPath: string; fsync: boolean; directIo: boolean }
  | { type: 'entry'; path: string }
  | { type: 'data'; bytes: Uint8Array }
  | { type: 'entry-end' }
  | { type: 'end' }
  | { type: 'abort' };

export interface ImportedEntry {
  path: string;
  cid: string;
}

/** Messages from an import worker. `ack` releases one `data` piece of flow-control credit. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'ack' }
  /** A piece every leaf of which is written: the main thread fills it again. */
  | { type: 'recycle'; buffer: ArrayBuffer }
  | { type: 'done'; cid: string; entries: Uint8Array; packBytes: number; files: ImportedEntry[] }
  | { type: 'aborted' }
  | { type: 'error'; message: string };
