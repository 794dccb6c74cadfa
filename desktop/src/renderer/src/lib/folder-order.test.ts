import { describe, expect, it } from 'vitest';
import { folderOrder } from './folder-order';

describe('folderOrder', () => {
  it('lists folder by folder, subfolders first, numbers by value and case aside', () => {
    const paths = [
      'site/index.html',
      'site/css/site.css',
      'site/img/photo-10.jpg',
      'site/img/Photo-2.jpg',
      'site/about.html',
      'site/img/photo-1.jpg',
      'site/css/print.css',
      'site/Zebra.txt',
    ];
    expect(paths.sort(folderOrder('en'))).toEqual([
      'site/css/print.css',
      'site/css/site.css',
      'site/img/photo-1.jpg',
      'site/img/Photo-2.jpg',
      'site/img/photo-10.jpg',
      'site/about.html',
      'site/index.html',
      'site/Zebra.txt',
    ]);
  });

  it("follows the language's alphabet", () => {
    expect(['d/ñu.txt', 'd/nz.txt', 'd/na.txt'].sort(folderOrder('es'))).toEqual(['d/na.txt', 'd/nz.txt', 'd/ñu.txt']);
    expect(['ї.txt', 'і.txt', 'и.txt', 'й.txt'].sort(folderOrder('uk'))).toEqual(['и.txt', 'і.txt', 'ї.txt', 'й.txt']);
  });
});
