import { describe, expect, it } from 'vitest';
import { formatBytes } from './units';

describe('formatBytes', () => {
  it('steps by 1024 and keeps whole plan sizes whole', () => {
    expect(formatBytes(0, 'en')).toBe('0 byte');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(1024 ** 3, 'en')).toBe('1 GB');
  });

  it('never shows 1,024 of a unit: just under a gigabyte is 1 GB', () => {
    expect(formatBytes(1024 ** 3 - 144, 'en')).toBe('1 GB');
    expect(formatBytes(1023 * 1024 ** 2, 'en')).toBe('1,023 MB');
  });
});
