import { AppError } from '../lib/errors';

/** More bytes arrived than the caller allowed (file or directory cap): the HTTP layer answers 413. */
export class ContentTooLargeError extends AppError {
  constructor(readonly maxBytes: number) {
    super(413, 'file_too_large', `Upload exceeds the maximum size of ${maxBytes} bytes`);
  }
}

/** A directory entry path that could escape or confuse the tree (`..`, absolute, empty segment). */
export class InvalidPathError extends AppError {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(400, 'invalid_path', `Invalid path "${path}": ${reason}`);
  }
}

export class InvalidCidError extends AppError {
  constructor(readonly cid: string) {
    super(400, 'invalid_cid', 'Invalid CID: expected a CIDv0 (Qm…) or CIDv1 (bafy…)');
  }
}

/** An identity CID holds its bytes inside itself: there is nothing to fetch, store or pin. */
export class IdentityCidError extends AppError {
  constructor() {
    super(400, 'identity_cid', 'An identity CID holds its bytes inside the CID itself: there is nothing to store');
  }
}

/** The CID (or a block under it) could not be found locally nor fetched in time. */
export class ContentNotFoundError extends AppError {
  constructor(readonly cid: string) {
    super(404, 'cid_not_found', 'CID not found on IPFS network');
  }
}

/** A path under a CID that does not exist, or a read of something that is not a file. */
export class PathNotFoundError extends AppError {
  constructor(readonly path: string) {
    super(404, 'path_not_found', `No such path: ${path}`);
  }
}

export class NotAFileError extends AppError {
  constructor(readonly cid: string) {
    super(400, 'not_a_file', 'This CID is not a file');
  }
}

export class NotADirectoryError extends AppError {
  constructor(readonly cid: string) {
    super(400, 'not_a_directory', 'This CID is not a directory');
  }
}

/** The import was cancelled by its caller (client disconnect): nothing was kept. */
export class ContentAbortedError extends Error {
  readonly code = 'aborted';
  constructor(readonly reason?: unknown) {
    super('Content operation aborted');
    this.name = 'AbortError';
  }
}

const pinnedFailures = new WeakSet<object>();

/**
 * Marks the failure of an import given a `pinName` that happened once the engine had the whole
 * file, or after its pin: the engine may hold a pin under that name that nobody has claimed.
 */
export function markPossiblyPinned(error: unknown): Error {
  const marked = error instanceof Error ? error : new Error(String(error));
  pinnedFailures.add(marked);
  return marked;
}

/** True of a failure after which the import's `pinName` must be looked for (`ContentStore.pinsNamed`). */
export const possiblyPinned = (error: unknown): boolean => typeof error === 'object' && error !== null && pinnedFailures.has(error);
