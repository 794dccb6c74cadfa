import { describe, expect, it } from 'vitest';
import { directoryPage, humanSize } from './listing';

const ROOT = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';

describe('gateway folder listing', () => {
  const listing = {
    total: 3,
    entries: [
      { name: 'css', cid: 'bafyfolder', type: 'directory' as const, size: 0 },
      { name: 'index.html', cid: 'bafyindex', type: 'file' as const, size: 1536 },
      { name: '<script>alert(1)</script>.txt', cid: 'bafyevil', type: 'file' as const, size: 4 },
    ],
  };

  it('is a styled page: breadcrumbs, folders first-class, readable sizes, no script', () => {
    const html = directoryPage(`/ipfs/${ROOT}/site`, `/ipfs/${ROOT}/site`, listing);
    expect(html).toContain('<style>');
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain(`<a href="/ipfs/${ROOT}/" title="${ROOT}">bafybeig…5fbzdi</a>`);
    expect(html).toContain('<span aria-current="page" title="site">site</span>');
    expect(html).toContain('<a href="../">');
    expect(html).toContain(`href="/ipfs/${ROOT}/site/css/"`);
    expect(html).toContain('<td class="size">1.5 KB</td>');
    expect(html).toContain('3 entries');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;.txt');
  });

  it('has no parent link at the root, and says when entries were left out', () => {
    const html = directoryPage(`/ipfs/${ROOT}`, `/ipfs/${ROOT}`, { ...listing, total: 250 });
    expect(html).not.toContain('href="../"');
    expect(html).toContain('3 of 250 entries shown.');
  });

  it('sizes by 1024, keeping whole units whole', () => {
    expect([humanSize(4), humanSize(1536), humanSize(1024 ** 2 * 12), humanSize(1024 ** 3 - 100)]).toEqual([
      '4 B',
      '1.5 KB',
      '12 MB',
      '1 GB',
    ]);
  });
});
