import { describe, expect, it } from 'vitest';
import { logDetails } from './log-actions';

describe('logDetails', () => {
  it('turns a JSON object into key: value pairs', () => {
    expect(logDetails('{"plan":"pro","amountEur":9.99,"ok":true}')).toBe('plan: pro, amountEur: 9.99, ok: true');
    expect(logDetails('{"target":{"id":"u1"}}')).toBe('target: {"id":"u1"}');
  });

  it('keeps plain text and other JSON as written', () => {
    expect(logDetails('Signed in')).toBe('Signed in');
    expect(logDetails('[1,2]')).toBe('[1,2]');
    expect(logDetails('42')).toBe('42');
  });

  it('shows nothing for an empty message', () => {
    expect(logDetails(null)).toBe('');
    expect(logDetails('')).toBe('');
  });
});
