/** Wire shapes of the content API: uploads, pins, usage, DAG (openapi.yaml is the source of truth). */
export type UploadType = 'file' | 'directory' | 'dag';
export type ContentCategory = 'image' | 'video' | 'audio' | 'document' | 'office' | 'archive' | 'code' | 'text' | 'other';

/** A record of the account: an upload or a pin. */
export interface Upload {
  uploadId: string;
  name: string;
  originalName: string | null;
  customName: string | null;
  nameSource: 'custom' | 'original' | 'auto';
  cid: string;
  size: number;
  type: UploadType;
  category: ContentCategory;
  filesCount: number;
  source: 'upload' | 'pin';
  createdAt: string;
}

export interface UploadResult extends Upload {
  duplicate: boolean;
}

export interface DagFile {
  filename: string;
  cid: string;
  size: number;
}

/** `POST /upload` answers an UploadResult; `POST /upload/directory` one of the two below. */
export interface DagUploadResult extends UploadResult {
  files: DagFile[];
}

export interface FilesUploadResult {
  files: UploadResult[];
  total: number;
  size: number;
}

export interface UploadList {
  files: Upload[];
  total: number;
  page: number;
  limit: number;
}

export interface RemoveResult {
  success: true;
  cid: string;
  uploadId: string;
  removed: true;
  operation: 'unpinned' | 'record_removed';
  timestamp: string;
  message: string;
}

export interface Usage {
  used: number;
  limit: number;
  percent: number;
  limitReached: boolean;
  planLimit: number;
  bonus: number;
  plan: { code: string; name: string };
}

export type PinStatus = 'queued' | 'pinning' | 'pinned' | 'failed';

export interface PinJob {
  id: string;
  cid: string;
  status: PinStatus;
  bytesFetched: number;
  blocks: number;
  error: string | null;
  errorCode: string | null;
  createdAt: string;
  updatedAt: string;
  upload: Upload | null;
}

export interface DagEntry {
  name: string;
  cid: string;
  type: 'file' | 'directory' | 'raw';
  size: number;
}

export interface DagView {
  cid: string;
  uploadId: string;
  name: string;
  type: UploadType;
  totalFiles: number;
  totalSize: number;
  entries: DagEntry[];
  total: number;
  page: number;
  limit: number;
  gatewayUrl: string;
  localUrl: string;
}

export type PeerPinState = 'pinned' | 'pinning' | 'queued' | 'unpinned' | 'error';

/** GET /status/{cid}: how each IPFS node holds the pin. */
export interface PinStatusView {
  cid: string;
  engine: 'embedded' | 'kubo' | 'cluster';
  peers: Array<{ peerId: string; peerName: string; status: PeerPinState; error: string | null; updatedAt: string | null }>;
}

/** GET /allocations/{cid}: the nodes the pin is allocated to and its replication factors. */
export interface PinAllocationView {
  cid: string;
  engine: 'embedded' | 'kubo' | 'cluster';
  peers: Array<{ peerId: string; peerName: string }>;
  replicationMin: number;
  replicationMax: number;
}
