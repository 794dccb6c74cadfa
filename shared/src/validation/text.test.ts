import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText, stripNameControls } from './text';

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates, and keeps every real character', () => {
    for (const text of ['a\u0000b', '\u0000', '\ud800', 'a\udc00', '\udc00\ud800', 'x\ud83d'])
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    for (const text of ['', 'plain', '😀 emoji', '\ud83d\ude00', 'tab\tnew\nline', '\u202Eright-to-left', 'ünïcödé']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });
});

describe('findUnstorableText', () => {
  it('names the first string or key that cannot be stored, at any depth', () => {
    expect(findUnstorableText({ name: 'ok', meta: { app: 'x' }, cid: ['a', 'b'] })).toBeNull();
    expect(findUnstorableText('a\u0000')).toBe('');
    expect(findUnstorableText({ name: 'a\u0000b' })).toBe('name');
    expect(findUnstorableText({ meta: { 'k\u0000': 'v' } })).toBe('meta.k\u0000');
    expect(findUnstorableText({ meta: { k: '\ud800' } })).toBe('meta.k');
    expect(findUnstorableText({ cid: ['a', 'b\u0000'] })).toBe('cid.1');
    expect(findUnstorableText({ n: 1, b: true, z: null, u: undefined })).toBeNull();
  });

  it('walks a value nested deeper than the call stack could', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)*$/);
  });
});

describe('stripNameControls', () => {
  it('drops bidirectional controls, control characters and line separators, and nothing else', () => {
    expect(stripNameControls('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    const bidi = ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
    expect(stripNameControls(`a${bidi.join('')}b`)).toBe('ab');
    expect(stripNameControls('a\u0001\u001f\u007f\u0085\u009fb\nc\td\u2028e\u2029f')).toBe('abcdef');
    const kept = 'résumé 📄 <img src=x onerror=alert(1)>.txt \u200D\u00A0 עברית العربية';
    expect(stripNameControls(kept)).toBe(kept);
  });
});
