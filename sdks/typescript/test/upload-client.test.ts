/**
 * What an upload client needs beyond one file per call, against a live server: several files in
 * one request, names that travel the same way whatever the protocol, a resumable upload continued
 * from a stored path or dropped, a CAR named after its file, and a token read at each request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, AuthenticationError, Cairn, ValidationError, type UploadProgress } from '../src';
import { randomFile, tempDir } from './fixtures';
import { api, signUp, startHarness, type Harness } from './harness';

const MiB = 1024 * 1024;

describe('the upload client', () => {
  let harness: Harness;
  let token: string;
  let cairn: Cairn;
  const temp = tempDir();

  beforeAll(async () => {
    harness = await startHarness();
    token = (await signUp(harness.url)).session;
    cairn = new Cairn({ baseUrl: harness.url, token });
  });
  afterAll(async () => {
    await harness?.stop();
    temp.remove();
  });

  it('sends several files in one request, one record each, answered in their order with each one’s progress', async () => {
    const paths = Array.from({ length: 40 }, (_, i) => randomFile(temp.dir, `many/f${i}.bin`, 1000 + i * 37));
    const bytes = new TextEncoder().encode('from memory');
    const seen: UploadProgress[] = [];
    const result = await cairn.uploads.files([...paths, { filename: 'memory.txt', content: bytes }], {
      cidVersion: 0,
      onProgress: (p) => seen.push(p),
    });
    const size = paths.reduce((sum, file) => sum + fs.statSync(file).size, bytes.length);
    expect(result).toMatchObject({ total: 41, size });
    expect(result.files.map((f) => f.name)).toEqual([...paths.map((file) => path.basename(file)), 'memory.txt']);
    expect(result.files.every((f) => f.duplicate === false)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ loaded: size, total: size, file: 'memory.txt' });
    expect(new Set(seen.map((p) => p.file).filter(Boolean)).size).toBe(41);

    // Each is the record of one file: the same file alone is that record again.
    const again = await cairn.uploads.file(paths[7]!, { cidVersion: 0 });
    expect(again).toMatchObject({ cid: result.files[7]!.cid, uploadId: result.files[7]!.uploadId, duplicate: true });
    expect((await cairn.uploads.list({ search: 'f39.bin' })).total).toBe(1);
  });

  it('refuses two files of the same name in one request, recording neither', async () => {
    const error = await cairn.uploads
      .files([
        { filename: 'twin.txt', content: new TextEncoder().encode('one') },
        { filename: 'twin.txt', content: new TextEncoder().encode('two') },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_path' });
    expect((await cairn.uploads.list({ search: 'twin' })).total).toBe(0);
  });

  it('names a file exactly as it is over multipart, over tus and among several files, whatever its characters', async () => {
    const core = `Q3 "draft"; naïve – résumé 😀 #1 ${crypto.randomUUID().slice(0, 8)}`;
    const bytes = () => new TextEncoder().encode(crypto.randomUUID());
    const plain = await cairn.uploads.file(bytes(), { filename: `${core} plain.txt` });
    const resumable = await cairn.uploads.resumable(bytes(), { filename: `${core} resumable.txt` });
    const several = await cairn.uploads.files([{ filename: `${core} several.txt`, content: bytes() }]);
    const names = await Promise.all([plain, resumable, several.files[0]!].map(async (r) => (await cairn.uploads.get(r.uploadId)).name));
    expect(names).toEqual([`${core} plain.txt`, `${core} resumable.txt`, `${core} several.txt`]);
  });

  it('gives a line break in a name to the server, which drops it from the record’s name as it does over tus', async () => {
    const name = (how: string) => `two\nlines ${how}.txt`;
    const plain = await cairn.uploads.file(new TextEncoder().encode(crypto.randomUUID()), { filename: name('plain') });
    const resumable = await cairn.uploads.resumable(new TextEncoder().encode(crypto.randomUUID()), { filename: name('resumable') });
    const recorded = [(await cairn.uploads.get(plain.uploadId)).name, (await cairn.uploads.get(resumable.uploadId)).name];
    expect(recorded).toEqual(['twolines plain.txt', 'twolines resumable.txt']);
  });

  it('continues a resumable upload from its path on the server, and drops one it gives up on', async () => {
    const file = randomFile(temp.dir, 'kept.bin', 2 * MiB);
    let url = '';
    const cut = new AbortController();
    const first = await cairn.uploads
      .resumable(file, {
        chunkSize: MiB / 2,
        signal: cut.signal,
        onUploadUrl: (u) => (url = u),
        onProgress: (p) => p.loaded >= MiB && cut.abort(),
      })
      .catch((e: unknown) => e);
    expect(first).toBeInstanceOf(AbortedError);
    // Kept as a path from the server's root (an app whose server moves keeps it so).
    const stored = new URL(url).pathname;
    expect(stored).toMatch(/^\/api\/v2\/uploads\/resumable\/[^/]+$/);
    // What the server holds: the cut may land inside a chunk, whose bytes so far it keeps.
    const held = await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` } });
    const offset = Number(held.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(MiB / 2);
    const seen: number[] = [];
    const done = await cairn.uploads.resumable(file, { chunkSize: MiB / 2, uploadUrl: stored, onProgress: (p) => seen.push(p.loaded) });
    expect(done).toMatchObject({ name: 'kept.bin', size: 2 * MiB });
    expect(seen[0]).toBeGreaterThanOrEqual(offset);

    const dropped = randomFile(temp.dir, 'dropped.bin', 2 * MiB);
    let droppedUrl = '';
    const stop = new AbortController();
    await cairn.uploads
      .resumable(dropped, {
        chunkSize: MiB / 2,
        signal: stop.signal,
        onUploadUrl: (u) => (droppedUrl = u),
        onProgress: (p) => p.loaded >= MiB / 2 && stop.abort(),
      })
      .catch(() => undefined);
    const head = () => fetch(droppedUrl, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` } });
    expect((await head()).status).toBe(200);
    await cairn.uploads.discardResumable(new URL(droppedUrl).pathname);
    expect((await head()).status).toBe(404);
    // Already gone: nothing to do, no error.
    await cairn.uploads.discardResumable(droppedUrl);
    const resumed = await cairn.uploads.resumable(dropped, { uploadUrl: droppedUrl }).catch((e: unknown) => e);
    expect(resumed).toMatchObject({ status: 404 });
  });

  it('names a CAR after its file when given one, as the web UI does', async () => {
    const folder = await cairn.uploads.directory([{ path: 'car-named/a.txt', content: new TextEncoder().encode(crypto.randomUUID()) }]);
    const car = new Uint8Array(await (await fetch(`${harness.url}/ipfs/${folder.cid}?format=car`)).arrayBuffer());
    await cairn.uploads.delete(folder.uploadId);
    const imported = await cairn.uploads.car(car, { filename: 'holiday photos.car' });
    expect(imported).toMatchObject({ cid: folder.cid, name: 'holiday photos', duplicate: false });
  });

  it('reads a token given as a function at each request', async () => {
    let current: string | null = null;
    const client = new Cairn({ baseUrl: harness.url, token: () => current, retry: { maxRetries: 0 } });
    expect(await client.usage.get().catch((e: unknown) => e)).toBeInstanceOf(AuthenticationError);
    current = token;
    expect((await client.usage.get()).used).toBeGreaterThan(0);
    const other = await signUp(harness.url);
    current = other.session;
    expect((await client.users.me()).email).toBe(other.email);
    expect((await api(harness.url, 'GET', '/users/me', undefined, token)).body.email).not.toBe(other.email);
  });
});
