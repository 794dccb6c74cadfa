import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '@cairn/shared';
import { describe, expect, it } from 'vitest';
import { inactivityConfig, inactivityPhase } from './inactivity';

describe('inactivityConfig', () => {
  it('defaults to 60 minutes with a 60-second warning', () => {
    expect(inactivityConfig(null)).toEqual({ timeoutMs: INACTIVITY_TIMEOUT_MS, warningMs: INACTIVITY_WARNING_MS });
    expect(INACTIVITY_TIMEOUT_MS).toBe(3_600_000);
  });

  it('accepts an override that shortens the timeout, with the warning at most half of it', () => {
    expect(inactivityConfig('8000')).toEqual({ timeoutMs: 8000, warningMs: 4000 });
    expect(inactivityConfig('600000')).toEqual({ timeoutMs: 600_000, warningMs: 60_000 });
  });

  it('ignores overrides that would lengthen it or make no sense', () => {
    for (const raw of ['99999999', 'abc', '-5', '100', '']) {
      expect(inactivityConfig(raw).timeoutMs).toBe(INACTIVITY_TIMEOUT_MS);
    }
  });
});

describe('inactivityPhase', () => {
  const config = { timeoutMs: 3_600_000, warningMs: 60_000 };
  const start = 1_000_000;

  it('is active until one minute before the timeout', () => {
    expect(inactivityPhase(start, start, config)).toEqual({ phase: 'active' });
    expect(inactivityPhase(start, start + 3_539_999, config)).toEqual({ phase: 'active' });
  });

  it('counts down the last 60 seconds', () => {
    expect(inactivityPhase(start, start + 3_540_000, config)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(inactivityPhase(start, start + 3_599_001, config)).toEqual({ phase: 'warning', secondsLeft: 1 });
  });

  it('expires at the timeout, even when checked late (a sleeping tab)', () => {
    expect(inactivityPhase(start, start + 3_600_000, config)).toEqual({ phase: 'expired' });
    expect(inactivityPhase(start, start + 10 * 3_600_000, config)).toEqual({ phase: 'expired' });
  });

  it('starts over after activity', () => {
    const later = start + 3_550_000;
    expect(inactivityPhase(later, later + 1000, config)).toEqual({ phase: 'active' });
  });
});
