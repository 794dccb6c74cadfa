import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, fileLink, hasView, metaQuery, readView, writeView } from './files-view';

describe('the view of My files in the address', () => {
  it('reads what it writes, and writes only what differs from the default', () => {
    const view = { page: 3, limit: 50, sort: 'name' as const, order: 'asc' as const, search: 'note 2', group: '', meta: '' };
    expect(writeView(view).toString()).toBe('q=note+2&sort=name&order=asc&limit=50&page=3');
    const grouped = { ...view, group: '5d1e7c9a-2b3f-4a6e-8c0d-1f2e3a4b5c6d' };
    expect(writeView(grouped).toString()).toBe('q=note+2&group=5d1e7c9a-2b3f-4a6e-8c0d-1f2e3a4b5c6d&sort=name&order=asc&limit=50&page=3');
    expect(readView(writeView(grouped))).toEqual(grouped);
    expect(readView(writeView(view))).toEqual(view);
    expect(writeView(DEFAULT_VIEW).toString()).toBe('');
    expect(hasView(new URLSearchParams(''))).toBe(false);
    expect(hasView(new URLSearchParams('q=a'))).toBe(true);
  });

  it('takes a value the list does not for the default, part by part', () => {
    expect(readView(new URLSearchParams('page=0&limit=7&sort=colour&order=asc&q=x'))).toEqual({ ...DEFAULT_VIEW, search: 'x' });
    expect(readView(new URLSearchParams('page=2.5&limit=25&sort=size'))).toEqual({ ...DEFAULT_VIEW, limit: 25 });
    expect(readView(new URLSearchParams(`q=${'a'.repeat(300)}`)).search).toHaveLength(255);
  });

  it('reads a key-value condition as equals, prefix or has-key', () => {
    expect(metaQuery('env = prod')).toEqual({ meta: '{"env":"prod"}' });
    expect(metaQuery('project=2026-*')).toEqual({ metaPrefix: '{"project":"2026-"}' });
    expect(metaQuery(' owner ')).toEqual({ metaExists: 'owner' });
    expect(metaQuery('')).toEqual({});
    expect(readView(writeView({ ...DEFAULT_VIEW, meta: 'env=prod' })).meta).toBe('env=prod');
  });

  it('links to one record by its CID', () => {
    expect(fileLink('bafkreiabc')).toBe('/files?q=bafkreiabc');
  });
});
