import { describe, expect, it } from 'vitest';
import { VersionedPages } from './versioned-pages';

const page = (text: string) => Buffer.from(text);

describe('VersionedPages', () => {
  it('serves a page only to its account, at the version it was rendered at', () => {
    const pages = new VersionedPages();
    pages.set('ada', 3, '1:10:', page('ada v3'));
    expect(pages.get('ada', 3, '1:10:')?.toString()).toBe('ada v3');
    expect(pages.get('ada', 4, '1:10:')).toBeUndefined();
    expect(pages.get('ada', 3, '2:10:')).toBeUndefined();
    expect(pages.get('bob', 3, '1:10:')).toBeUndefined();
  });

  it('drops an account’s pages when a newer version arrives, and ignores a late older one', () => {
    const pages = new VersionedPages();
    pages.set('ada', 3, 'a', page('one'));
    pages.set('ada', 3, 'b', page('two'));
    pages.set('ada', 4, 'a', page('three'));
    expect(pages.get('ada', 3, 'b')).toBeUndefined();
    expect(pages.get('ada', 4, 'b')).toBeUndefined();
    expect(pages.bytes).toBe(5);
    // A slow request that read version 3 finishes after version 4 was stored: it must not win.
    pages.set('ada', 3, 'a', page('stale'));
    expect(pages.get('ada', 4, 'a')?.toString()).toBe('three');
    expect(pages.get('ada', 3, 'a')).toBeUndefined();
  });

  it('stays within its byte budget, least recently used accounts leaving first', () => {
    const pages = new VersionedPages(100);
    pages.set('a', 1, 'p', Buffer.alloc(20));
    pages.set('b', 1, 'p', Buffer.alloc(20));
    pages.set('c', 1, 'p', Buffer.alloc(20));
    pages.get('a', 1, 'p');
    pages.set('d', 1, 'p', Buffer.alloc(20));
    pages.set('e', 1, 'p', Buffer.alloc(20));
    expect(pages.bytes).toBe(100);
    pages.set('f', 1, 'p', Buffer.alloc(20));
    expect(pages.bytes).toBeLessThanOrEqual(100);
    expect(pages.get('b', 1, 'p')).toBeUndefined();
    expect(pages.get('a', 1, 'p')).toBeDefined();
    expect(pages.get('f', 1, 'p')).toBeDefined();
    // A page larger than a quarter of the budget is not kept at all.
    pages.set('g', 1, 'p', Buffer.alloc(26));
    expect(pages.get('g', 1, 'p')).toBeUndefined();
  });

  it('keeps a bounded number of pages per account, replacing one rendered again', () => {
    const pages = new VersionedPages();
    for (let i = 0; i < 40; i++) pages.set('ada', 1, `p${i}`, Buffer.alloc(10));
    expect(pages.get('ada', 1, 'p0')).toBeUndefined();
    expect(pages.get('ada', 1, 'p39')).toBeDefined();
    expect(pages.bytes).toBe(32 * 10);
    pages.set('ada', 1, 'p39', Buffer.alloc(4));
    expect(pages.bytes).toBe(31 * 10 + 4);
  });
});
