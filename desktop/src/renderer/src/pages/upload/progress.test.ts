import { describe, expect, it } from 'vitest';
import { perFileProgress, speedMeter } from './progress';

describe('upload progress', () => {
  it('splits the bytes sent between the files in order', () => {
    // Two files of 100 and 300 bytes with 100 bytes of framing: spans of 150 and 350.
    expect(perFileProgress([100, 300], 0, 500)).toEqual([0, 0]);
    expect(perFileProgress([100, 300], 75, 500)).toEqual([0.5, 0]);
    expect(perFileProgress([100, 300], 150, 500)).toEqual([1, 0]);
    expect(perFileProgress([100, 300], 325, 500)).toEqual([1, 0.5]);
    expect(perFileProgress([100, 300], 500, 500)).toEqual([1, 1]);
  });

  it('completes empty files once the bytes before them are sent', () => {
    expect(perFileProgress([0, 0], 500, 500)).toEqual([1, 1]);
    expect(perFileProgress([], 10, 10)).toEqual([]);
  });

  it('measures speed over the last three seconds', () => {
    let clock = 0;
    const measure = speedMeter(() => clock);
    expect(measure(0)).toBeNull();
    clock = 100;
    expect(measure(1000)).toBeNull();
    clock = 1000;
    expect(measure(2_000_000)).toBe(2_000_000);
    clock = 5000;
    // The first samples fell out of the window: 6 MB more in the last 4 s.
    expect(measure(8_000_000)).toBe(1_500_000);
  });
});
