import { describe, expect, it } from 'vitest';
import { directoryPage, humanSize } from './listing';
import { pathMount } from './mount';

const ROOT = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';

describe('gateway folder listing', () => {
  const input = {
    mount: pathMount('ipfs', ROOT),
    segments: ['ą', 'site'],
    dir: 'bafydir',
    dagSize: 1600,
    total: 2,
    entries: [
      { name: 'file-źł.txt', cid: 'bafyindex', size: 1536 },
      { name: '<script>alert(1)</script>.txt', cid: 'bafyevil', size: 4 },
    ],
  };

  it('uses the markup IPFS listings share: breadcrumbs, a link up, each entry and its CID link', () => {
    const html = directoryPage(input);
    expect(html).toContain(
      `Index of /ipfs/<a href="/ipfs/${ROOT}">${ROOT}</a>/<a href="/ipfs/${ROOT}/%C4%85">ą</a>/<a href="/ipfs/${ROOT}/%C4%85/site">site</a>`,
    );
    expect(html).toContain(`<a href="/ipfs/${ROOT}/%C4%85/site/..">..</a>`);
    expect(html).toContain(`<a href="/ipfs/${ROOT}/%C4%85/site/file-%C5%BA%C5%82.txt">file-źł.txt</a>`);
    expect(html).toContain('<a class="ipfs-hash" translate="no" href="/ipfs/bafyindex?filename=file-%25C5%25BA%25C5%2582.txt">');
    expect(html).toContain('<td class="size">1.5 KiB</td>');
    expect(html).toContain('2 entries');
  });

  it('is styled, runs no script, and escapes every name', () => {
    const html = directoryPage(input);
    expect(html).toContain('<style>');
    expect(html).toContain('<meta name="viewport"');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;.txt');
  });

  it('has no link up at the root, and says when entries were left out', () => {
    const html = directoryPage({ ...input, segments: [], total: 250 });
    expect(html).not.toContain('>..</a>');
    expect(html).toContain('2 of 250 entries shown.');
  });

  it('sizes by 1024, keeping whole units whole', () => {
    expect([humanSize(4), humanSize(1536), humanSize(1024 ** 2 * 12), humanSize(1024 ** 3 - 100)]).toEqual([
      '4 B',
      '1.5 KiB',
      '12 MiB',
      '1 GiB',
    ]);
  });
});
