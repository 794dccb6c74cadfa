import { describe, expect, it } from 'vitest';
import { InvalidPathError } from './errors';
import { cleanPath, PathSet } from './paths';

describe('cleanPath', () => {
  it('keeps relative paths and turns backslashes into separators', () => {
    expect(cleanPath('docs/a/readme.md')).toBe('docs/a/readme.md');
    expect(cleanPath('docs\\a\\readme.md')).toBe('docs/a/readme.md');
    expect(cleanPath('été/naïve file.txt')).toBe('été/naïve file.txt');
  });

  it('drops bidirectional controls from every name, as from every name Cairn keeps', () => {
    expect(cleanPath('docs/invoice\u202Efdp.exe')).toBe('docs/invoicefdp.exe');
    expect(cleanPath('\u2066docs\u2069/\u200Fa.txt')).toBe('docs/a.txt');
  });

  it.each([
    ['', 'empty'],
    ['../etc/passwd', 'parent'],
    ['docs/../../x', 'parent inside'],
    ['/etc/passwd', 'absolute'],
    ['C:\\Windows\\x', 'drive letter'],
    ['docs//a.txt', 'empty segment'],
    ['docs/', 'trailing slash'],
    ['./a.txt', 'dot segment'],
    ['a/\u0000b', 'control character'],
    ['a/\u0085b', 'C1 control character'],
    ['a/\ud800b', 'unpaired surrogate'],
    ['\u202E/a.txt', 'a name of bidirectional controls only'],
    [`${'x'.repeat(256)}.txt`, 'name too long'],
  ])('rejects %j (%s)', (path) => {
    expect(() => cleanPath(path)).toThrow(InvalidPathError);
  });
});

describe('PathSet', () => {
  it('refuses the same path twice and a file that is also a folder', () => {
    const paths = new PathSet();
    paths.add('a/b.txt');
    expect(() => paths.add('a/b.txt')).toThrow(/duplicate/);
    expect(() => paths.add('a')).toThrow(/duplicate/);
    paths.add('c');
    expect(() => paths.add('c/d')).toThrow(/"c" is a file/);
  });
});
