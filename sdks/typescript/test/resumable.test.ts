/**
 * Resumable uploads beyond the scenario: a connection cut in the middle of a chunk is retried from
 * the server's offset without the caller noticing, and a `store` lets a later call continue a
 * cancelled upload of the same file by itself.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, Cairn, type ResumableUrlStore } from '../src';
import { startByteCounter } from './byte-counter';
import { randomFile, tempDir } from './fixtures';
import { signUp, startHarness, type Harness } from './harness';

const MiB = 1024 * 1024;

describe('resumable uploads', () => {
  let harness: Harness;
  let token: string;
  const temp = tempDir();

  beforeAll(async () => {
    harness = await startHarness();
    token = (await signUp(harness.url)).session;
  });
  afterAll(async () => {
    await harness?.stop();
    temp.remove();
  });

  it('retries a chunk whose connection dropped from the offset the server holds', async () => {
    const counter = await startByteCounter(harness.url, { dropAt: 1.5 * MiB });
    try {
      const cairn = new Cairn({ baseUrl: counter.url, token, retry: { baseDelayMs: 50 } });
      const file = randomFile(temp.dir, 'dropped.bin', 3 * MiB);
      const seen: number[] = [];
      const result = await cairn.uploads.resumable(file, { chunkSize: 2 * MiB, onProgress: (p) => seen.push(p.loaded) });
      expect(result).toMatchObject({ name: 'dropped.bin', size: 3 * MiB, duplicate: false });
      // Progress went back to the server's offset once, then on to the end.
      expect(seen.some((loaded, i) => i > 0 && loaded < seen[i - 1]!)).toBe(true);
      expect(seen.at(-1)).toBe(3 * MiB);
      const plain = await new Cairn({ baseUrl: harness.url, token }).uploads.file(file);
      expect(plain).toMatchObject({ cid: result.cid, duplicate: true });
    } finally {
      await counter.close();
    }
  });

  it('continues a cancelled upload of the same file through a store, and forgets it once done', async () => {
    const cairn = new Cairn({ baseUrl: harness.url, token });
    const kept = new Map<string, string>();
    const store: ResumableUrlStore = {
      get: (key) => kept.get(key),
      set: (key, url) => void kept.set(key, url),
      remove: (key) => void kept.delete(key),
    };
    const file = randomFile(temp.dir, 'stored.bin', 2 * MiB);
    const cut = new AbortController();
    const first = await cairn.uploads
      .resumable(file, { chunkSize: MiB / 2, store, signal: cut.signal, onProgress: (p) => p.loaded >= MiB && cut.abort() })
      .catch((e: unknown) => e);
    expect(first).toBeInstanceOf(AbortedError);
    expect([...kept.values()]).toHaveLength(1);
    const [url] = kept.values();

    const urls: string[] = [];
    const seen: number[] = [];
    const result = await cairn.uploads.resumable(file, {
      chunkSize: MiB / 2,
      store,
      onUploadUrl: (u) => urls.push(u),
      onProgress: (p) => seen.push(p.loaded),
    });
    expect(urls).toEqual([url]);
    expect(seen[0]).toBeGreaterThan(0);
    expect(result.size).toBe(2 * MiB);
    expect(kept.size).toBe(0);

    // A changed file does not reuse a stored URL: its fingerprint differs.
    fs.appendFileSync(file, 'more');
    const changed = await cairn.uploads.resumable(file, { store, onUploadUrl: (u) => urls.push(u) });
    expect(urls[1]).not.toBe(url);
    expect(changed.size).toBe(2 * MiB + 4);
  });
});
