/** Where an item of the upload queue stands. `running` never survives a restart: it reloads as `queued`. */
export type ItemStatus = 'queued' | 'running' | 'paused' | 'failed' | 'done';

/** How a dropped or picked folder is sent: one DAG with one CID (recommended), or each file on its own. */
export type FolderMode = 'dag' | 'files';

export interface ItemError {
  code: string;
  message: string;
}

/** One upload: a file, or a whole folder sent as one DAG in one streamed request. */
export interface QueueItem {
  id: string;
  batchId: string;
  kind: 'file' | 'folder';
  /** Absolute path on disk; the bytes are read from here when the upload starts. */
  path: string;
  /** What the user sees: the path relative to what was dropped. */
  name: string;
  size: number;
  status: ItemStatus;
  /** Failed attempts so far (reset by retry). */
  attempts: number;
  sentBytes: number;
  /** A resumable upload the server holds part of: the next attempt, even after a restart, continues it. */
  resumeUrl?: string;
  cid?: string;
  uploadId?: string;
  /** The server already held this content: nothing new was stored. */
  duplicate?: boolean;
  error?: ItemError;
  addedAt: number;
  finishedAt?: number;
}

/** What one drop or pick added: the unit a notification reports on when it ends. */
export interface QueueBatch {
  id: string;
  label: string;
  createdAt: number;
  /** Set once every item of the batch is done or failed, so the end is announced once. */
  announced: boolean;
}

/** Why the whole queue waits for the user rather than retrying. */
export type QueueBlock = 'sign_in' | 'quota_exceeded';

/** Everything the journal keeps between runs. */
export interface QueueState {
  version: 1;
  items: QueueItem[];
  batches: QueueBatch[];
  blocked: QueueBlock | null;
}

export interface BatchSummary {
  batchId: string;
  label: string;
  done: number;
  failed: number;
  duplicates: number;
}
