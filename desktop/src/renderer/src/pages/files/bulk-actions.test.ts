import { describe, expect, it } from 'vitest';
import type { Upload } from '@cairn/shared/api-types';
import { recordDownloadUrl, removeEach } from './bulk-actions';

const record = (uploadId: string, type: Upload['type'] = 'file'): Upload => ({
  uploadId,
  name: `${uploadId}.txt`,
  originalName: null,
  customName: null,
  nameSource: 'original',
  cid: `cid-${uploadId}`,
  size: 1,
  chargedBytes: 1,
  type,
  category: 'text',
  filesCount: 1,
  source: 'upload',
  private: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('removeEach', () => {
  it('deletes every record one after the other, and keeps going past a failure', async () => {
    const calls: string[] = [];
    let running = 0;
    const outcome = await removeEach([record('a'), record('b'), record('c')], async (upload) => {
      running++;
      expect(running).toBe(1);
      calls.push(upload.uploadId);
      // Answered on a later turn of the event loop, as a request is: a delete started meanwhile would be seen running.
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      if (upload.uploadId === 'b') throw new Error('locked');
    });
    expect(calls).toEqual(['a', 'b', 'c']);
    expect(outcome.removed.map((u) => u.uploadId)).toEqual(['a', 'c']);
    expect(outcome.failed.map((f) => [f.upload.uploadId, (f.error as Error).message])).toEqual([['b', 'locked']]);
  });
});

describe('recordDownloadUrl', () => {
  it('downloads a file under its record name and a folder as a CAR', () => {
    expect(recordDownloadUrl('', record('a'))).toBe('/ipfs/cid-a?download=1&filename=a.txt');
    expect(recordDownloadUrl('https://cairn.example', record('d', 'directory'))).toBe('https://cairn.example/ipfs/cid-d?format=car');
  });
});
