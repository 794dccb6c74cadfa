import { describe, expect, it } from 'vitest';
import { countShown, pageRange } from './page-range';

describe('pageRange', () => {
  it('ends at the total on the last page of an exact count', () => {
    expect(pageRange(3, 20, 45)).toEqual({ first: 41, last: 45, pages: 3, hasNext: false });
    expect(pageRange(1, 20, 45)).toEqual({ first: 1, last: 20, pages: 3, hasNext: true });
  });

  it('keeps a next page open past a total that is a floor, and shows it with a plus', () => {
    expect(pageRange(500, 20, 10_000, true)).toEqual({ first: 9_981, last: 10_000, pages: 500, hasNext: true });
    expect(pageRange(502, 20, 10_000, true)).toEqual({ first: 10_021, last: 10_040, pages: 502, hasNext: true });
    expect(countShown('10,000', true)).toBe('10,000+');
    expect(countShown('10,000', false)).toBe('10,000');
  });
});
