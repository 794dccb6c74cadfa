import { describe, expect, it } from 'vitest';
import { ApiError, UNEXPECTED_SERVER_ERROR } from './api-client';
import { errorSentence, type Translator } from './error-sentence';

const CATALOGUE: Record<string, string> = {
  'content:errors.files_load': 'Could not load files.',
  'content:errors.cid_not_found': 'CID not found on IPFS network.',
  'common:errors.unexpected_error': 'Unexpected server error.',
  'common:errors.internal_error': 'Unexpected server error.',
  'common:errors.quota_exceeded': 'Storage limit reached.',
};
const translator: Translator = {
  t: (key, values) =>
    key === 'common:errors.with_detail' ? `${values?.message} The server said: ${values?.detail}` : (CATALOGUE[key] ?? key),
  exists: (key) => key in CATALOGUE,
};
const keys = (code: string) => [`content:errors.${code}`, `common:errors.${code}`];
const sentence = (error: unknown) => errorSentence(error, keys, 'content:errors.files_load', translator);

describe('errorSentence', () => {
  it("shows the area's own message for a server failure without words, not 'Unexpected server error'", () => {
    expect(sentence(new ApiError(500, 'unexpected_error', UNEXPECTED_SERVER_ERROR))).toBe('Could not load files.');
    expect(sentence(new ApiError(502, 'invalid_json', 'Response is not valid JSON'))).toBe('Could not load files.');
    expect(sentence(new ApiError(0, 'network_error', 'Network error'))).toBe('Could not load files.');
    expect(sentence(new TypeError('boom'))).toBe('Could not load files.');
  });

  it("adds the server's message where it sent one", () => {
    expect(sentence(new ApiError(500, 'internal_error', 'Database is locked'))).toBe(
      'Could not load files. The server said: Database is locked',
    );
    expect(sentence(new ApiError(409, 'something_new', 'A new rule refused it'))).toBe(
      'Could not load files. The server said: A new rule refused it',
    );
  });

  it('translates a code the UI knows, the area first', () => {
    expect(sentence(new ApiError(404, 'cid_not_found', 'CID not found on IPFS network'))).toBe('CID not found on IPFS network.');
    expect(sentence(new ApiError(403, 'quota_exceeded', 'Storage quota exceeded'))).toBe('Storage limit reached.');
  });
});
