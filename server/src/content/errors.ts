/**
 * What can go wrong in the content layer, the same on every engine. An error says what happened,
 * with the facts (the CID, the path, the cap); how a client is answered (status, code, words) is
 * the edge's to decide (`lib/error-answers.ts`).
 */
export type ContentErrorCode =
  | 'content_not_found'
  | 'path_not_found'
  | 'not_a_file'
  | 'not_a_directory'
  | 'too_large'
  | 'invalid_path'
  | 'invalid_cid'
  | 'identity_cid'
  | 'aborted';

export abstract class ContentError extends Error {
  abstract readonly code: ContentErrorCode;
}

/** More bytes arrived than the caller allowed (file or directory cap). */
export class ContentTooLargeError extends ContentError {
  readonly code = 'too_large';
  constructor(readonly maxBytes: number) {
    super(`More than ${maxBytes} bytes`);
  }
}

/** A directory entry path that could escape or confuse the tree (`..`, absolute, empty segment). */
export class InvalidPathError extends ContentError {
  readonly code = 'invalid_path';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`Invalid path "${path}": ${reason}`);
  }
}

export class InvalidCidError extends ContentError {
  readonly code = 'invalid_cid';
  constructor(readonly cid: string) {
    super(`Not a CID: ${cid.slice(0, 100)}`);
  }
}

/** An identity CID holds its bytes inside itself: there is nothing to fetch, store or pin. */
export class IdentityCidError extends ContentError {
  readonly code = 'identity_cid';
  constructor() {
    super('An identity CID has nothing to store');
  }
}

/** The CID (or a block under it) could not be found locally nor fetched in time. */
export class ContentNotFoundError extends ContentError {
  readonly code = 'content_not_found';
  constructor(readonly cid: string) {
    super(`${cid} is not held here and was not found in time`);
  }
}

/** A path under a CID that does not exist. */
export class PathNotFoundError extends ContentError {
  readonly code = 'path_not_found';
  constructor(readonly path: string) {
    super(`No such path: ${path}`);
  }
}

/** A read of something that is not a file (a directory, a non-UnixFS node). */
export class NotAFileError extends ContentError {
  readonly code = 'not_a_file';
  constructor(readonly cid: string) {
    super(`${cid} is not a file`);
  }
}

export class NotADirectoryError extends ContentError {
  readonly code = 'not_a_directory';
  constructor(readonly cid: string) {
    super(`${cid} is not a directory`);
  }
}

/** The operation was cancelled by its caller (client gone, server stopping): nothing was kept. */
export class ContentAbortedError extends ContentError {
  readonly code = 'aborted';
  constructor(readonly reason?: unknown) {
    super('Content operation aborted');
    this.name = 'AbortError';
  }
}

/** Every content error, for a mapping that must cover each code. */
export type AnyContentError =
  | ContentTooLargeError
  | InvalidPathError
  | InvalidCidError
  | IdentityCidError
  | ContentNotFoundError
  | PathNotFoundError
  | NotAFileError
  | NotADirectoryError
  | ContentAbortedError;
