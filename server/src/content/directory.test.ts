import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedContentStore } from './embedded-store';
import { InvalidPathError } from './errors';
import { bytesOf, chunks, collect, getBlock, packFiles, tempStore } from './test-helpers';
import type { DirectoryEntryInput } from './types';

let store: EmbeddedContentStore;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ store, dir, cleanup } = await tempStore()));
afterAll(() => cleanup());

const TREE: Record<string, Buffer> = {
  'readme.md': Buffer.from('# Hello\n'),
  'docs/a/guide.txt': bytesOf(300_000, 1), // two chunks
  'docs/b.txt': Buffer.from('bee\n'),
  'docs/a/z.bin': bytesOf(10, 2),
  'img/logo.png': bytesOf(2_000, 3),
};

async function* entries(tree: Record<string, Uint8Array>): AsyncGenerator<DirectoryEntryInput> {
  for (const [path, bytes] of Object.entries(tree)) yield { path, content: chunks(bytes, 4096) };
}

/**
 * What `ipfs add -r` builds for a folder, constructed by hand from the file CIDs: a UnixFS
 * directory node per folder, links sorted by name, Tsize = the child's whole DAG size.
 */
async function expectedDirectory(
  files: Map<string, { cid: CID; dagSize: number }>,
  version: 0 | 1,
): Promise<{ cid: CID; dagSize: number }> {
  const children = new Map<string, Map<string, { cid: CID; dagSize: number }>>();
  const links: dagPb.PBLink[] = [];
  for (const [path, file] of files) {
    const [head, ...rest] = path.split('/');
    if (rest.length === 0) links.push({ Name: head!, Hash: file.cid, Tsize: file.dagSize });
    else {
      if (!children.has(head!)) children.set(head!, new Map());
      children.get(head!)!.set(rest.join('/'), file);
    }
  }
  for (const [name, sub] of children) {
    const child = await expectedDirectory(sub, version);
    links.push({ Name: name, Hash: child.cid, Tsize: child.dagSize });
  }
  links.sort((a, b) => Buffer.compare(Buffer.from(a.Name!), Buffer.from(b.Name!)));
  const bytes = dagPb.encode({ Data: new UnixFS({ type: 'directory' }).marshal(), Links: links });
  const cid = CID.create(version, dagPb.code, await sha256.digest(bytes));
  return { cid, dagSize: bytes.byteLength + links.reduce((sum, link) => sum + (link.Tsize ?? 0), 0) };
}

async function dagSize(cid: CID): Promise<number> {
  const bytes = (await getBlock(dir, cid.toString()))!;
  if (cid.code !== dagPb.code) return bytes.byteLength;
  const node = dagPb.decode(bytes);
  let size = bytes.byteLength;
  for (const link of node.Links) size += await dagSize(link.Hash);
  return size;
}

describe('addDirectory', () => {
  for (const version of [1, 0] as const) {
    it(`builds one DAG for nested paths, as \`ipfs add -r\` (CIDv${version})`, async () => {
      const added = await store.addDirectory(entries(TREE), { cidVersion: version, maxBytes: 1 << 20 });
      expect(added.files.map((f) => f.path)).toEqual(Object.keys(TREE).sort());
      expect(added.size).toBe(Object.values(TREE).reduce((sum, b) => sum + b.byteLength, 0));
      const files = new Map<string, { cid: CID; dagSize: number }>();
      for (const file of added.files) {
        const single = await store.addFile(chunks(TREE[file.path]!), { cidVersion: version, maxBytes: 1 << 20 });
        expect(file.cid, file.path).toBe(single.cid);
        expect(file.size).toBe(TREE[file.path]!.byteLength);
        files.set(file.path, { cid: CID.parse(file.cid), dagSize: await dagSize(CID.parse(file.cid)) });
      }
      expect(added.cid).toBe((await expectedDirectory(files, version)).cid.toString());
      expect(await store.isPinned(added.cid)).toBe(true);
    });
  }

  for (const version of [1, 0] as const) {
    it(`makes the one top folder the root, as \`ipfs add -r site\` (CIDv${version})`, async () => {
      const site: Record<string, Buffer> = {
        'site/index.html': Buffer.from('<h1>hi</h1>'),
        'site/css/a.css': Buffer.from('body{}'),
        'site/img/big.bin': bytesOf(300_000, 7),
      };
      const added = await store.addDirectory(entries(site), { cidVersion: version, maxBytes: 1 << 20 });
      const files = new Map<string, { cid: CID; dagSize: number }>();
      for (const file of added.files)
        files.set(file.path.slice('site/'.length), { cid: CID.parse(file.cid), dagSize: await dagSize(CID.parse(file.cid)) });
      expect(added.cid).toBe((await expectedDirectory(files, version)).cid.toString());
      expect(added.files.map((f) => f.path)).toEqual(Object.keys(site).sort());
      expect((await store.ls(added.cid)).entries.map((e) => e.name)).toEqual(['css', 'img', 'index.html']);
      expect((await collect(store.cat((await store.resolve(added.cid, 'css/a.css')).cid))).toString()).toBe('body{}');
      expect(await store.isPinned(added.cid)).toBe(true);
      // The unused wrapper was never stored: every block held belongs to the folder's DAG.
      const wrapper = dagPb.encode({
        Data: new UnixFS({ type: 'directory' }).marshal(),
        Links: [{ Name: 'site', Hash: CID.parse(added.cid), Tsize: await dagSize(CID.parse(added.cid)) }],
      });
      expect(await getBlock(dir, CID.create(version, dagPb.code, await sha256.digest(wrapper)).toString())).toBeUndefined();
    });
  }

  it('wraps paths without one common top folder, even a single file', async () => {
    const one = await store.addDirectory(entries({ 'only.txt': Buffer.from('alone') }), { maxBytes: 1 << 20 });
    expect(one.cid).not.toBe(one.files[0]!.cid);
    expect((await store.ls(one.cid)).entries.map((e) => e.name)).toEqual(['only.txt']);
    const two = await store.addDirectory(entries({ 'a/x.txt': Buffer.from('x'), 'b/y.txt': Buffer.from('y') }), { maxBytes: 1 << 20 });
    expect((await store.ls(two.cid)).entries.map((e) => e.name)).toEqual(['a', 'b']);
  });

  it('stat counts files and bytes recursively; ls pages one level or the whole tree', async () => {
    const added = await store.addDirectory(entries(TREE), { maxBytes: 1 << 20 });
    expect(await store.stat(added.cid)).toEqual({ cid: added.cid, type: 'directory', size: added.size, files: 5, complete: true });

    const top = await store.ls(added.cid);
    expect(top.total).toBe(3);
    expect(top.entries.map((e) => [e.name, e.type])).toEqual([
      ['docs', 'directory'],
      ['img', 'directory'],
      ['readme.md', 'file'],
    ]);
    const page = await store.ls(added.cid, { offset: 1, limit: 1 });
    expect(page).toEqual({ total: 3, entries: [top.entries[1]] });

    const all = await store.ls(added.cid, { recursive: true, offset: 1, limit: 2 });
    expect(all.total).toBe(5);
    expect(all.entries.map((e) => e.name)).toEqual(['docs/a/z.bin', 'docs/b.txt']);
    expect(all.entries[0]!.size).toBe(10);
  });

  it('resolves gateway paths and reads files under the root', async () => {
    const added = await store.addDirectory(entries(TREE), { maxBytes: 1 << 20 });
    const guide = await store.resolve(added.cid, '/docs/a/guide.txt');
    expect(guide).toEqual({ cid: added.files.find((f) => f.path === 'docs/a/guide.txt')!.cid, type: 'file', size: 300_000 });
    expect((await collect(store.cat(guide.cid))).equals(TREE['docs/a/guide.txt']!)).toBe(true);
    expect((await store.resolve(added.cid, 'docs')).type).toBe('directory');
    await expect(store.resolve(added.cid, 'docs/missing.txt')).rejects.toMatchObject({ code: 'path_not_found' });
    // A file inside a pinned DAG is complete even though it is not a pin of its own.
    expect((await store.stat(guide.cid)).complete).toBe(true);
  });

  it.each([['../escape.txt'], ['/etc/passwd'], ['docs//x'], ['a/./b']])('rejects the path %j and keeps nothing', async (bad) => {
    const before = store.stats();
    const packs = packFiles(dir).length;
    const tree = { 'ok.txt': Buffer.from('fine'), [bad]: Buffer.from('evil') };
    await expect(store.addDirectory(entries(tree), { maxBytes: 1 << 20 })).rejects.toBeInstanceOf(InvalidPathError);
    expect(store.stats()).toEqual(before);
    expect(packFiles(dir)).toHaveLength(packs);
  });
});
