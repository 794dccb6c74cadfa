import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunks, tempStore } from './test-helpers';
import type { EmbeddedContentStore } from './embedded-store';
import type { DirectoryEntryInput } from './types';
import { folderCategory, recordType, storedFolderCategory } from './content-kind';

describe('recordType', () => {
  it('names a record after its root, whatever way it arrived', () => {
    expect(recordType('directory')).toBe('directory');
    expect(recordType('file')).toBe('file');
    // `raw` is what a stat calls other IPLD data (dag-cbor, dag-pb without UnixFS): a DAG, not a file.
    expect(recordType('raw')).toBe('dag');
  });
});

describe('folderCategory', () => {
  it('is the category every file shares, else other', () => {
    expect(folderCategory(['image', 'image'])).toBe('image');
    expect(folderCategory(['other', 'text'])).toBe('other');
    expect(folderCategory(['text', 'text', 'code'])).toBe('other');
    expect(folderCategory([])).toBe('other');
  });
});

describe('storedFolderCategory', () => {
  let store: EmbeddedContentStore;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ store, cleanup } = await tempStore());
  });
  afterAll(() => cleanup());

  const addFolder = async (files: Record<string, string | Uint8Array>) => {
    async function* entries(): AsyncGenerator<DirectoryEntryInput> {
      for (const [path, content] of Object.entries(files)) {
        yield { path, content: chunks(typeof content === 'string' ? new TextEncoder().encode(content) : content) };
      }
    }
    return (await store.addDirectory(entries(), { cidVersion: 1, maxBytes: 1 << 30 })).cid;
  };

  it('reads the files of a stored folder the way an upload reads them', async () => {
    expect(await storedFolderCategory(store, await addFolder({ 'notes/a.txt': 'one', 'notes/deep/b.md': '# two' }))).toBe('text');
    const mixed = await addFolder({ 'data/blob.bin': new Uint8Array([0, 1, 2, 0, 255]), 'data/readme.txt': 'hello' });
    expect(await storedFolderCategory(store, mixed)).toBe('other');
  });

  it('reads past the first page of a large folder', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 450; i++) files[`logs/${String(i).padStart(3, '0')}.txt`] = `line ${i}`;
    expect(await storedFolderCategory(store, await addFolder(files))).toBe('text');
    files['logs/999.svg'] = '<svg/>';
    expect(await storedFolderCategory(store, await addFolder(files))).toBe('other');
  });
});
