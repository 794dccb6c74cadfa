/** Uploads against a live server: progress, cancellation, in-memory folders and the gateway. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, Cairn, NotFoundError, type UploadProgress } from '../src';
import { signUp, startHarness, type Harness } from './harness';
import { randomFile, tempDir } from './fixtures';

describe('uploads', () => {
  let harness: Harness;
  let cairn: Cairn;
  const temp = tempDir();

  beforeAll(async () => {
    harness = await startHarness();
    const user = await signUp(harness.url);
    cairn = new Cairn({ baseUrl: harness.url, token: user.session });
  });
  afterAll(async () => {
    await harness?.stop();
    temp.remove();
  });

  it('reports progress as the file streams, ending at its size', async () => {
    const file = randomFile(temp.dir, 'progress.bin', 13 * 1024 * 1024 + 123);
    const events: UploadProgress[] = [];
    const result = await cairn.uploads.file(file, { onProgress: (p) => events.push(p) });
    expect(result.size).toBe(13 * 1024 * 1024 + 123);
    expect(events.length).toBeGreaterThan(3);
    expect(events[0]).toMatchObject({ loaded: 0, total: result.size });
    expect(events.at(-1)).toMatchObject({ loaded: result.size, total: result.size, file: 'progress.bin' });
    for (let i = 1; i < events.length; i++) expect(events[i]!.loaded).toBeGreaterThanOrEqual(events[i - 1]!.loaded);
  });

  it('cancels an upload with an AbortSignal: nothing is recorded', async () => {
    const controller = new AbortController();
    let slept = false;
    async function* slow() {
      yield new Uint8Array(256 * 1024).fill(7);
      slept = true;
      await new Promise((resolve) => setTimeout(resolve, 5000));
      yield new Uint8Array(16);
    }
    setTimeout(() => controller.abort(), 300);
    const error = await cairn.uploads.file(slow(), { filename: 'cut.bin', signal: controller.signal }).catch((e: unknown) => e);
    expect(slept).toBe(true);
    expect(error).toBeInstanceOf(AbortedError);
    const list = await cairn.uploads.list({ search: 'cut.bin' });
    expect(list.total).toBe(0);
  });

  it('uploads a folder given in memory, with progress per file', async () => {
    const files = new Set<string>();
    const result = await cairn.uploads.directory(
      [
        { path: 'notes/a.txt', content: new TextEncoder().encode('alpha\n') },
        { path: 'notes/sub/b.txt', content: new Blob(['beta\n']) },
      ],
      { onProgress: (p) => p.file && files.add(p.file) },
    );
    expect(result.type).toBe('directory');
    expect(result.name).toBe('notes');
    expect(result.files.map((f) => f.filename)).toEqual(['notes/a.txt', 'notes/sub/b.txt']);
    expect([...files]).toEqual(['notes/a.txt', 'notes/sub/b.txt']);
  });

  it('reads content back through the gateway, and a missing CID is a typed 404', async () => {
    const file = randomFile(temp.dir, 'back.bin', 40_000);
    const { cid } = await cairn.uploads.file(file);
    const response = await cairn.gateway.get(cid);
    expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(file))).toBe(true);
    const missing = await cairn.gateway.get('bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
  });
});
