import { describe, expect, it } from 'vitest';
import { usageShare } from './usage-share';

const MIB = 1024 ** 2;

describe('usageShare', () => {
  it('gives the real share of an account over its limit, and by how much', () => {
    // 14.3 MiB stored on a 10.2 MiB plan: 140 % and 4.1 MiB over, not "100 %".
    const share = usageShare(Math.round(14.3 * MIB), Math.round(10.2 * MIB));
    expect(share.percent).toBe(140.2);
    expect(share.over).toBe(Math.round(14.3 * MIB) - Math.round(10.2 * MIB));
  });

  it('never rounds up to a full limit that is not reached, and is exactly 100 at the limit', () => {
    expect(usageShare(9999, 10_000)).toEqual({ percent: 99.9, over: 0 });
    expect(usageShare(10_000, 10_000)).toEqual({ percent: 100, over: 0 });
    expect(usageShare(10_001, 10_000)).toEqual({ percent: 100, over: 1 });
    expect(usageShare(0, 10_000)).toEqual({ percent: 0, over: 0 });
  });

  it('tells a few bytes stored from nothing stored', () => {
    // 219 bytes of 1 GiB is 0.00002 %: shown as "< 0.1 %", never as an empty "0 %".
    expect(usageShare(219, 1024 ** 3)).toEqual({ percent: 0, over: 0, under: true });
    expect(usageShare(1024 ** 2, 1024 ** 3)).toEqual({ percent: 0.0, over: 0, under: true });
    expect(usageShare(2 * 1024 ** 2, 1024 ** 3)).toEqual({ percent: 0.1, over: 0 });
  });

  it('has no share of a zero limit, only what is over it', () => {
    expect(usageShare(5, 0)).toEqual({ percent: null, over: 5 });
    expect(usageShare(0, 0)).toEqual({ percent: null, over: 0 });
  });
});
