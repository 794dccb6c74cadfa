import { describe, expect, it } from 'vitest';
import { MAX_RANGES, parseRange } from './range';

const partial = (...ranges: Array<[number, number]>) => ({ kind: 'partial', ranges: ranges.map(([start, end]) => ({ start, end })) });

describe('parseRange', () => {
  it.each([
    [undefined, 100, { kind: 'full' }],
    ['bytes=0-9', 100, partial([0, 9])],
    ['bytes=90-', 100, partial([90, 99])],
    ['bytes=-10', 100, partial([90, 99])],
    ['bytes=-500', 100, partial([0, 99])],
    ['bytes=50-5000', 100, partial([50, 99])],
    ['bytes=100-', 100, { kind: 'unsatisfiable' }],
    ['bytes=9-3', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-0', 0, { kind: 'unsatisfiable' }],
    ['bytes=6-16,0-4', 100, partial([6, 16], [0, 4])],
    ['bytes=0-1, 5-6, 200-300', 100, partial([0, 1], [5, 6])],
    ['bytes=200-300,400-', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-10,5-20', 100, { kind: 'full' }],
    ['bytes=0-1,,5-6', 100, { kind: 'full' }],
    ['items=0-1', 100, { kind: 'full' }],
    ['bytes=abc', 100, { kind: 'full' }],
  ])('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it('answers the whole body to more ranges than it serves, so one request cannot read a file many times over', () => {
    const many = `bytes=${Array.from({ length: MAX_RANGES + 1 }, (_, i) => `${i * 2}-${i * 2}`).join(',')}`;
    expect(parseRange(many, 1000)).toEqual({ kind: 'full' });
    const allowed = `bytes=${Array.from({ length: MAX_RANGES }, (_, i) => `${i * 2}-${i * 2}`).join(',')}`;
    expect(parseRange(allowed, 1000)).toMatchObject({ kind: 'partial' });
  });
});
