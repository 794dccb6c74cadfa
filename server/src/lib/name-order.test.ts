import { describe, expect, it } from 'vitest';
import { nameOrderKey } from './name-order';

/** Sorted as the databases sort the keys: by code point (UTF-8 bytes compare in the same order). */
const byKey = (names: string[]) =>
  names
    .map((name) => ({ name, key: Array.from(nameOrderKey(name), (char) => char.codePointAt(0)!) }))
    .sort((a, b) => {
      for (let i = 0; i < Math.min(a.key.length, b.key.length); i++) if (a.key[i] !== b.key[i]) return a.key[i]! - b.key[i]!;
      return a.key.length - b.key.length;
    })
    .map(({ name }) => name);

describe('nameOrderKey', () => {
  it('orders numbers by value, with or without leading zeros', () => {
    expect(byKey(['note-10', 'note-2', 'note-1', 'note-100', 'note-03'])).toEqual(['note-1', 'note-2', 'note-03', 'note-10', 'note-100']);
    expect(byKey(['v1.10.txt', 'v1.9.txt', 'v1.2.txt'])).toEqual(['v1.2.txt', 'v1.9.txt', 'v1.10.txt']);
    expect(nameOrderKey('file-007')).toBe(nameOrderKey('file-7'));
    expect(byKey(['img12345678901234567890', 'img9'])).toEqual(['img9', 'img12345678901234567890']);
  });

  it('ignores case and accents, and folds compatibility forms', () => {
    expect(byKey(['Zed.txt', 'apple.txt', 'Banana.txt', 'cherry.txt'])).toEqual(['apple.txt', 'Banana.txt', 'cherry.txt', 'Zed.txt']);
    expect(byKey(['résumé.pdf', 'Resumes.pdf', 'reply.pdf'])).toEqual(['reply.pdf', 'résumé.pdf', 'Resumes.pdf']);
    expect(nameOrderKey('Ñandú.md')).toBe(nameOrderKey('nandu.md'));
    expect(nameOrderKey('ｆｉｌｅ２')).toBe(nameOrderKey('file2'));
    // The same letter composed or decomposed.
    expect(nameOrderKey('e\u0301te')).toBe(nameOrderKey('\u00e9te'));
  });

  it('puts spaces and punctuation before digits, and digits before letters', () => {
    expect(byKey(['a.txt', '10.txt', '_draft.txt', '2.txt', ' space.txt'])).toEqual([
      ' space.txt',
      '_draft.txt',
      '2.txt',
      '10.txt',
      'a.txt',
    ]);
    expect(byKey(['report_final', 'report', 'report-2', 'report2', 'reporta'])).toEqual([
      'report',
      'report_final',
      'report-2',
      'report2',
      'reporta',
    ]);
  });

  it('follows the Cyrillic alphabets, after Latin letters', () => {
    expect(byKey(['яблуко', 'їжак', 'іграшка', 'ґанок', 'гора', 'дім', 'єнот', 'жук', 'йод', 'ирій', 'zebra'])).toEqual([
      'zebra',
      'гора',
      'ґанок',
      'дім',
      'єнот',
      'жук',
      'ирій',
      'іграшка',
      'їжак',
      'йод',
      'яблуко',
    ]);
    expect(byKey(['отчёт-2026.txt', 'отчет-10.txt', 'Отчёт-3.txt'])).toEqual(['Отчёт-3.txt', 'отчет-10.txt', 'отчёт-2026.txt']);
  });

  it('stays within 500 code points, whatever a name expands to', () => {
    // U+FDFA folds to 18 letters.
    expect(Array.from(nameOrderKey('\ufdfa'.repeat(255)))).toHaveLength(500);
    expect(Array.from(nameOrderKey('😀'.repeat(255)))).toHaveLength(255);
  });
});
