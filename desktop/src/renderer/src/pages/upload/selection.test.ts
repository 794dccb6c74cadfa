import { MAX_DIRECTORY_BYTES, MAX_FILE_BYTES } from '@cairn/shared';
import { describe, expect, it } from 'vitest';
import { checkSelection, fileKind, fromFileList, mergeSelection, quotaShortfall, type PickedFile } from './selection';

/** A File whose size is whatever we say, without allocating it. */
function sized(path: string, size: number, type = ''): PickedFile {
  const file = new File(['x'], path.split('/').pop()!, { type });
  Object.defineProperty(file, 'size', { value: size });
  return { file, path };
}

describe('upload selection', () => {
  it('needs a file, and only one in single-file mode', () => {
    expect(checkSelection('file', [])).toEqual({ key: 'no_file' });
    expect(checkSelection('dag', [])).toEqual({ key: 'no_file' });
    expect(checkSelection('file', [sized('a.txt', 1), sized('b.txt', 1)])).toEqual({ key: 'one_file' });
    expect(checkSelection('file', [sized('a.txt', 1)])).toBeNull();
  });

  it('refuses a file over 4 GiB and a folder over 10 GiB, and accepts them at the limit', () => {
    expect(checkSelection('file', [sized('big.iso', MAX_FILE_BYTES)])).toBeNull();
    expect(checkSelection('file', [sized('big.iso', MAX_FILE_BYTES + 1)])).toEqual({ key: 'file_too_large', values: { name: 'big.iso' } });
    expect(checkSelection('files', [sized('d/a', 1), sized('d/big', MAX_FILE_BYTES + 1)])?.key).toBe('file_too_large');
    const three = [sized('d/a', MAX_FILE_BYTES), sized('d/b', MAX_FILE_BYTES), sized('d/c', MAX_DIRECTORY_BYTES - 2 * MAX_FILE_BYTES)];
    expect(checkSelection('dag', three)).toBeNull();
    three.push(sized('d/one-more', 1));
    expect(checkSelection('dag', three)).toEqual({ key: 'folder_too_large' });
  });

  it('takes one .car file of up to 10 GiB in CAR mode', () => {
    expect(checkSelection('car', [])).toEqual({ key: 'no_file' });
    expect(checkSelection('car', [sized('a.car', 1), sized('b.car', 1)])).toEqual({ key: 'one_file' });
    expect(checkSelection('car', [sized('photos.zip', 1)])).toEqual({ key: 'not_car', values: { name: 'photos.zip' } });
    // A CAR holds a whole DAG: the 4 GiB file limit does not apply, the 10 GiB upload limit does.
    expect(checkSelection('car', [sized('Site.CAR', MAX_DIRECTORY_BYTES)])).toBeNull();
    expect(checkSelection('car', [sized('site.car', MAX_DIRECTORY_BYTES + 1)])).toEqual({ key: 'car_too_large' });
  });

  it('keeps folder-relative paths and replaces a file picked twice', () => {
    const file = new File(['hi'], 'readme.md');
    Object.defineProperty(file, 'webkitRelativePath', { value: 'docs/readme.md' });
    const picked = fromFileList([file, new File(['x'], 'loose.txt')]);
    expect(picked.map((item) => item.path)).toEqual(['docs/readme.md', 'loose.txt']);
    const again = mergeSelection(picked, [sized('loose.txt', 5)]);
    expect(again.map((item) => [item.path, item.file.size])).toEqual([
      ['docs/readme.md', 2],
      ['loose.txt', 5],
    ]);
  });

  it('names a file type by media type, else by extension', () => {
    expect(fileKind(new File([''], 'a.png', { type: 'image/png' }))).toBe('image/png');
    expect(fileKind(new File([''], 'notes.MD'))).toBe('md');
    expect(fileKind(new File([''], 'Makefile'))).toBe('');
  });
});

describe('room left before an upload', () => {
  const usage = { used: 340 * 1024, limit: 1024 * 1024 };

  it('refuses before sending what cannot fit, saying what it needs and what is free', () => {
    expect(quotaShortfall('file', [sized('big.bin', 977 * 1024)], usage)).toEqual({ needed: 977 * 1024, free: 684 * 1024 });
    expect(quotaShortfall('dag', [sized('a/x', 400 * 1024), sized('a/y', 300 * 1024)], usage)).toEqual({
      needed: 700 * 1024,
      free: 684 * 1024,
    });
    expect(quotaShortfall('file', [sized('fits.bin', 684 * 1024)], usage)).toBeNull();
  });

  it('counts no room at all past the limit, and leaves a CAR to the server', () => {
    expect(quotaShortfall('files', [sized('a', 1)], { used: 2048, limit: 1024 })).toEqual({ needed: 1, free: 0 });
    expect(quotaShortfall('car', [sized('dag.car', 977 * 1024)], usage)).toBeNull();
  });
});
