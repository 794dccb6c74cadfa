import type { CidVersion } from '../types';

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
  | { type: 'done'; cid: string; entries: Uint8Array; packBytes: number; files: ImportedEntry[] }
  | { type: 'aborted' }
  | { type: 'error'; message: string };
