/** The command line's figures, without a server. */
import { describe, expect, it } from 'vitest';
import { formatBytes, formatUsage } from '../src/cli/format';

const MIB = 1024 ** 2;

describe('cli figures', () => {
  it('counts sizes in 1024s with the binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(68_805)).toBe('67.2 KiB');
    expect(formatBytes(1024 ** 3)).toBe('1.0 GiB');
  });

  it('gives an account over its limit its real share and the excess, not 100%', () => {
    expect(formatUsage(Math.round(14.3 * MIB), Math.round(10.2 * MIB))).toBe('14.3 MiB of 10.2 MiB used (140.2%, 4.1 MiB over)');
    expect(formatUsage(MIB, 4 * MIB)).toBe('1.0 MiB of 4.0 MiB used (25.0%)');
    expect(formatUsage(5, 0)).toBe('5 B of 0 B used (5 B over)');
  });
});
