import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { canRetry } from './retry';

describe('canRetry', () => {
  it('offers no second try of a request the server refused as such', () => {
    for (const [status, code] of [
      [403, 'quota_exceeded'],
      [400, 'invalid_cid'],
      [404, 'file_not_found'],
      [404, 'cid_not_found'],
      [400, 'car_block_mismatch'],
      [413, 'file_too_large'],
      [409, 'name_taken'],
    ] as const) {
      expect(canRetry(new ApiError(status, code, '')), code).toBe(false);
    }
  });

  it('offers one when the server was not reached, failed or was busy', () => {
    expect(canRetry(new ApiError(0, 'network_error', 'Network error'))).toBe(true);
    expect(canRetry(new ApiError(500, 'internal_error', ''))).toBe(true);
    expect(canRetry(new ApiError(503, 'busy', ''))).toBe(true);
    expect(canRetry(new ApiError(429, 'too_many_uploads', ''))).toBe(true);
    expect(canRetry(new TypeError('Failed to fetch'))).toBe(true);
  });
});
