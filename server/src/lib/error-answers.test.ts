import { describe, expect, it } from 'vitest';
import {
  ContentAbortedError,
  ContentNotFoundError,
  ContentTooLargeError,
  IdentityCidError,
  InvalidCidError,
  InvalidPathError,
  NotADirectoryError,
  NotAFileError,
  PathNotFoundError,
} from '../content/errors';
import { clientError } from './error-answers';
import { AppError, conflict } from './errors';

const CID = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';

describe('the answer a client gets for an error', () => {
  it('maps every content error from its domain code to the status, code and words of the API', () => {
    const answers = [
      [new ContentNotFoundError(CID), 404, 'cid_not_found', 'CID not found on IPFS network'],
      [new PathNotFoundError(`${CID}/a/b`), 404, 'path_not_found', `No such path: ${CID}/a/b`],
      [new NotAFileError(CID), 400, 'not_a_file', 'This CID is not a file'],
      [new NotADirectoryError(CID), 400, 'not_a_directory', 'This CID is not a directory'],
      [new ContentTooLargeError(1024), 413, 'file_too_large', 'Upload exceeds the maximum size of 1024 bytes'],
      [
        new InvalidPathError('../x', 'it climbs out of the folder'),
        400,
        'invalid_path',
        'Invalid path "../x": it climbs out of the folder',
      ],
      [new InvalidCidError('nope'), 400, 'invalid_cid', 'Invalid CID: expected a CIDv0 (Qm…) or CIDv1 (bafy…)'],
      [new IdentityCidError(), 400, 'identity_cid', 'An identity CID holds its bytes inside the CID itself: there is nothing to store'],
    ] as const;
    for (const [error, status, code, message] of answers) {
      expect(clientError(error), error.code).toMatchObject({ status, code, message });
    }
  });

  it('gives an AppError as it is, and nothing for an abort or an unknown failure (a 500 that reveals nothing)', () => {
    const own = conflict('gc_running', 'A garbage collection is running');
    expect(clientError(own)).toBe(own);
    expect(clientError(new ContentAbortedError(own))).toBeUndefined();
    expect(clientError(new Error('Kubo add answered 500: boom'))).toBeUndefined();
    expect(clientError('a string')).toBeUndefined();
    expect(clientError(new ContentNotFoundError(CID))).toBeInstanceOf(AppError);
  });
});
