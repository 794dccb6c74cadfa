import { describe, expect, it } from 'vitest';
import { labelStride, niceScale } from './chart-scale';

describe('niceScale', () => {
  it('rounds the top up to a round step', () => {
    expect(niceScale(37)).toEqual({ max: 40, ticks: [0, 10, 20, 30, 40] });
    expect(niceScale(9.99)).toEqual({ max: 10, ticks: [0, 2.5, 5, 7.5, 10] });
    expect(niceScale(1234)).toEqual({ max: 1500, ticks: [0, 500, 1000, 1500] });
  });

  it('keeps the largest value on the axis', () => {
    for (const value of [1, 3, 7, 11, 99, 101, 0.3, 59.97, 123456]) {
      const scale = niceScale(value);
      expect(scale.max).toBeGreaterThanOrEqual(value);
      expect(scale.ticks[0]).toBe(0);
      expect(scale.ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it('uses whole steps for counts', () => {
    expect(niceScale(3, { integer: true })).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
    expect(niceScale(1, { integer: true }).ticks.every(Number.isInteger)).toBe(true);
  });

  it('gives an empty series a usable axis', () => {
    expect(niceScale(0, { integer: true })).toEqual({ max: 1, ticks: [0, 1] });
    expect(niceScale(Number.NaN).max).toBe(1);
  });

  it('does not leak floating point noise into labels', () => {
    expect(niceScale(0.6).ticks).toEqual([0, 0.2, 0.4, 0.6]);
  });
});

describe('labelStride', () => {
  it('shows every label when there is room and thins them out when there is not', () => {
    expect(labelStride(30, 900, 28)).toBe(1);
    expect(labelStride(30, 300, 28)).toBe(3);
    expect(labelStride(0, 300, 28)).toBe(1);
  });
});
