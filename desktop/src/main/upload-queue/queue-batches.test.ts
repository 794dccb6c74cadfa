import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gatherBatch, type BatchLimits } from './batches';
import { Journal } from './journal';
import type { QueueItem, QueueState } from './queue-types';
import { UploadFailure } from './upload-failure';
import type { Uploader, UploadItem, UploadResult } from './uploader';
import { queueFixtures } from './testing/queue-fixture';
import { eventually } from '../../../../server/test/eventually';

const { open, folder: inbox } = queueFixtures('cairn-batches-');

/** `count` small files in a folder (`big` of them of 100 KB), and a journal path beside it. */
function fixture(count: number, big: number[] = []) {
  return inbox((folder) => {
    for (let i = 0; i < count; i++)
      fs.writeFileSync(path.join(folder, `f${String(i).padStart(2, '0')}.txt`), big.includes(i) ? Buffer.alloc(100_000) : `file ${i}`);
  });
}

const result = (item: Pick<UploadItem, 'path'>): UploadResult => ({
  cid: `cid:${path.basename(item.path)}`,
  uploadId: `id:${path.basename(item.path)}`,
  duplicate: false,
});
/** A later turn of the event loop, where a request's answer comes: other requests start meanwhile. */
const later = () => new Promise((resolve) => setImmediate(resolve));
const names = (items: readonly UploadItem[]) => items.map((item) => path.basename(item.path));
const LIMITS: BatchLimits = { fileBytes: 50_000, files: 4, bytes: 1_000_000 };

type Answer = (items: readonly UploadItem[], signal: AbortSignal) => Promise<UploadResult[]>;

/** An uploader that sends one or several files per request, as the test answers; it records each request. */
function batching(answer: Answer) {
  const requests: string[][] = [];
  const stats = { running: 0, peak: 0 };
  const run = async (items: readonly UploadItem[], signal: AbortSignal) => {
    requests.push(names(items));
    stats.peak = Math.max(stats.peak, ++stats.running);
    try {
      return await answer(items, signal);
    } finally {
      stats.running--;
    }
  };
  const uploader: Uploader = {
    upload: async (item, onProgress, signal) => (onProgress(1), (await run([item], signal))[0]!),
    uploadFiles: (items, onProgress, signal) => (items.forEach((_, index) => onProgress(index, 1)), run(items, signal)),
  };
  return { uploader, requests, stats };
}

const ok: Answer = async (items) => (await later(), items.map(result));

describe('UploadQueue with an uploader that sends several files at once', () => {
  it('sends small files several to a request, big ones alone, each still its own item of the journal', async () => {
    const { folder, journalFile } = fixture(11, [5]);
    const { uploader, requests, stats } = batching(ok);
    const queue = open({ journal: new Journal(journalFile), uploader, concurrency: 2, batchLimits: LIMITS });
    queue.start();
    await queue.add([folder], 'files', 'inbox');
    await queue.idle();
    expect(requests.flat().sort()).toEqual(
      queue
        .items()
        .map((item) => path.basename(item.path))
        .sort(),
    );
    expect(requests).toContainEqual(['f05.txt']);
    expect(requests.filter((request) => request.length > 1).length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...requests.map((request) => request.length))).toBe(LIMITS.files);
    expect(stats.peak).toBe(2);
    expect(queue.items().map((item) => [item.status, item.cid, item.sentBytes])).toEqual(
      queue.items().map((item) => ['done', `cid:${path.basename(item.path)}`, item.size]),
    );
    queue.close();
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as QueueState;
    expect(journal.items.map((item) => [item.name, item.status, item.uploadId])).toEqual(
      queue.items().map((item) => [item.name, 'done', `id:${path.basename(item.path)}`]),
    );
  });

  it('sends again one by one the files of a request refused for something else than the network or the session', async () => {
    const { folder, journalFile } = fixture(4);
    const { uploader, requests } = batching(async (items) => {
      if (items.length > 1) throw new UploadFailure('quota', 'quota_exceeded', 'Not enough storage left');
      if (names(items)[0] === 'f02.txt') throw new UploadFailure('fatal', 'validation_error', 'Refused');
      return items.map(result);
    });
    const queue = open({ journal: new Journal(journalFile), uploader, batchLimits: LIMITS });
    queue.start();
    await queue.add([folder], 'files', 'inbox');
    await queue.idle();
    expect(requests).toEqual([['f00.txt', 'f01.txt', 'f02.txt', 'f03.txt'], ['f00.txt'], ['f01.txt'], ['f02.txt'], ['f03.txt']]);
    expect(queue.items().map((item) => [item.status, item.attempts, item.error?.code])).toEqual([
      ['done', 0, undefined],
      ['done', 0, undefined],
      ['failed', 1, 'validation_error'],
      ['done', 0, undefined],
    ]);
    expect(queue.blocked()).toBeNull();
  });

  it('sends the same files together again after a dropped connection, and blocks them all on 401', async () => {
    const { folder, journalFile } = fixture(3);
    let answers = ['network', 'sign_in', 'ok'];
    const { uploader, requests } = batching(async (items) => {
      const next = answers.shift();
      if (next === 'network') throw new Error('socket hang up');
      if (next === 'sign_in') throw new UploadFailure('sign_in', 'token_expired', 'Sign in again');
      return items.map(result);
    });
    const queue = open({ journal: new Journal(journalFile), uploader, batchLimits: LIMITS, backoff: { baseMs: 1, maxMs: 2 } });
    queue.start();
    await queue.add([folder], 'files', 'inbox');
    await queue.idle();
    expect(queue.blocked()).toBe('sign_in');
    expect(queue.items().map((item) => [item.status, item.attempts])).toEqual(Array(3).fill(['queued', 1]));
    queue.unblock();
    await queue.idle();
    expect(requests).toEqual(Array(3).fill(['f00.txt', 'f01.txt', 'f02.txt']));
    expect(queue.items().map((item) => item.status)).toEqual(['done', 'done', 'done']);
    answers = [];
  });

  it('pausing or cancelling one file of a request sends the others again, without it', async () => {
    const { folder, journalFile } = fixture(3);
    let hold = true;
    const { uploader, requests } = batching((items, signal) =>
      hold ? new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))) : ok(items, signal),
    );
    const queue = open({ journal: new Journal(journalFile), uploader, batchLimits: LIMITS });
    queue.start();
    await queue.add([folder], 'files', 'inbox');
    await eventually('the three files are being sent together', () => requests.length === 1);
    const [first, second] = queue.items();
    hold = false;
    queue.pause(first!.id);
    await queue.idle();
    expect(requests).toEqual([
      ['f00.txt', 'f01.txt', 'f02.txt'],
      ['f01.txt', 'f02.txt'],
    ]);
    expect(queue.items().map((item) => item.status)).toEqual(['paused', 'done', 'done']);
    queue.cancel(first!.id);
    expect(queue.items().map((item) => item.id)).not.toContain(first!.id);
    expect(second!.status).toBe('done');
  });
});

describe('gatherBatch', () => {
  const item = (name: string, size: number, extra: Partial<QueueItem> = {}): QueueItem => ({
    id: name,
    batchId: 'b',
    kind: 'file',
    path: `/data/${name}`,
    name,
    size,
    status: 'queued',
    attempts: 0,
    sentBytes: 0,
    addedAt: 0,
    ...extra,
  });

  it('joins small files under different names, within the limits, in queue order', () => {
    const ready = [
      item('a.txt', 10),
      item('big.bin', 60_000),
      item('b.txt', 10),
      item('x/a.txt', 10, { path: '/other/a.txt' }),
      item('resumed.bin', 10, { resumeUrl: '/api/v2/uploads/resumable/1' }),
      item('site', 10, { kind: 'folder' }),
      item('c.txt', 10),
      item('d.txt', 10),
      item('e.txt', 10),
    ];
    expect(gatherBatch(ready[0]!, ready, LIMITS).map((i) => i.name)).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt']);
    expect(gatherBatch(ready[0]!, ready, { ...LIMITS, bytes: 25 }).map((i) => i.name)).toEqual(['a.txt', 'b.txt']);
    for (const alone of [ready[1]!, ready[4]!, ready[5]!]) expect(gatherBatch(alone, ready, LIMITS)).toEqual([alone]);
  });
});
