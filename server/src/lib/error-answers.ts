import { ContentError, type AnyContentError } from '../content/errors';
import { AppError } from './errors';

/**
 * How a client is told of a content error: its status, its `ErrorCode` and its words. Undefined
 * for an abort, which has no answer of its own (its reason may carry one: see `clientError`).
 */
function contentAnswer(error: AnyContentError): AppError | undefined {
  switch (error.code) {
    case 'content_not_found':
      return new AppError(404, 'cid_not_found', 'CID not found on IPFS network');
    case 'path_not_found':
      return new AppError(404, 'path_not_found', `No such path: ${error.path}`);
    case 'not_a_file':
      return new AppError(400, 'not_a_file', 'This CID is not a file');
    case 'not_a_directory':
      return new AppError(400, 'not_a_directory', 'This CID is not a directory');
    case 'too_large':
      return new AppError(413, 'file_too_large', `Upload exceeds the maximum size of ${error.maxBytes} bytes`);
    case 'invalid_path':
      return new AppError(400, 'invalid_path', `Invalid path "${error.path}": ${error.reason}`);
    case 'invalid_cid':
      return new AppError(400, 'invalid_cid', 'Invalid CID: expected a CIDv0 (Qm…) or CIDv1 (bafy…)');
    case 'identity_cid':
      return new AppError(400, 'identity_cid', 'An identity CID holds its bytes inside the CID itself: there is nothing to store');
    case 'aborted':
      return undefined;
    default:
      return error satisfies never;
  }
}

/**
 * The answer a client gets for a deliberate error: an AppError as it is, a content error mapped
 * from its domain code. Undefined for anything else (the caller's 500, which reveals nothing).
 */
export function clientError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ContentError) return contentAnswer(error as AnyContentError);
  return undefined;
}
