import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal } from './journal';
import type { BatchSummary, QueueItem } from './queue-types';
import { UploadFailure } from './upload-failure';
import { type UploadQueue } from './upload-queue';
import type { Uploader } from './uploader';
import { queueFixtures } from './testing/queue-fixture';
import { eventually } from '../../../../server/test/eventually';

const { open, folder: inbox } = queueFixtures('cairn-queue-');

/** A folder of `count` small files and a journal path beside it. */
function fixture(count: number) {
  return inbox((folder) => {
    fs.mkdirSync(path.join(folder, 'sub'));
    for (let index = 0; index < count; index++)
      fs.writeFileSync(path.join(folder, index % 2 ? 'sub' : '', `f${index}.txt`), `file ${index}`);
  });
}

type Script = (
  item: Pick<QueueItem, 'path' | 'name'>,
  attempt: number,
  signal: AbortSignal,
) => Promise<{ cid: string; uploadId: string; duplicate: boolean }>;

/** An uploader the test scripts item by item; it records how many run at once. */
function scripted(script: Script) {
  const attempts = new Map<string, number>();
  const stats = { running: 0, peak: 0, calls: 0 };
  const uploader: Uploader = {
    async upload(item, onProgress, signal) {
      stats.calls++;
      stats.running++;
      stats.peak = Math.max(stats.peak, stats.running);
      const attempt = (attempts.get(item.path) ?? 0) + 1;
      attempts.set(item.path, attempt);
      try {
        onProgress(1);
        return await script(item, attempt, signal);
      } finally {
        stats.running--;
      }
    },
  };
  return { uploader, stats };
}

const ok: Script = async (item) => ({ cid: `cid:${item.name}`, uploadId: `id:${item.name}`, duplicate: false });
/** A later turn of the event loop, where a request's answer comes: other requests start meanwhile. */
const later = () => new Promise((resolve) => setImmediate(resolve));
const statuses = (queue: UploadQueue) => queue.items().map((item) => item.status);

describe('UploadQueue', () => {
  it('sends each file of a folder once, never more at once than its concurrency, and announces the batch', async () => {
    const { folder, journalFile } = fixture(9);
    const { uploader, stats } = scripted(async (item) => (await later(), ok(item, 1, new AbortController().signal)));
    const queue = open({ journal: new Journal(journalFile), uploader, concurrency: 3 });
    const ended: BatchSummary[] = [];
    queue.on('batch-finished', (summary) => ended.push(summary));
    queue.start();
    await queue.add([folder], 'files', 'inbox');
    await queue.idle();
    expect(stats).toMatchObject({ calls: 9, peak: 3 });
    expect(statuses(queue)).toEqual(Array(9).fill('done'));
    expect(queue.items().map((item) => item.name)).toContain('inbox/sub/f1.txt');
    expect(ended).toEqual([{ batchId: expect.any(String), label: 'inbox', done: 9, failed: 0, duplicates: 0 }]);
  });

  it('queues a folder in DAG mode as one item and refuses to queue what is already pending', async () => {
    const { folder, journalFile } = fixture(4);
    const queue = open({ journal: new Journal(journalFile), uploader: scripted(ok).uploader });
    await queue.add([folder], 'dag', 'inbox');
    await queue.add([folder], 'dag', 'again');
    expect(queue.items()).toMatchObject([{ kind: 'folder', name: 'inbox', size: 4 * 'file 0'.length, status: 'queued' }]);
  });

  it('resumes from its journal after a restart without sending finished items again', async () => {
    const { folder, journalFile } = fixture(6);
    const first = scripted(async (item, _attempt, signal) => {
      if (item.name.endsWith('f0.txt') || item.name.endsWith('f2.txt')) return ok(item, 1, signal);
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    });
    const before = open({ journal: new Journal(journalFile), uploader: first.uploader, concurrency: 6 });
    before.start();
    await before.add([folder], 'files', 'inbox');
    await eventually(
      'f0 and f2 are sent, the others running',
      () => statuses(before).filter((status) => status === 'done').length === 2 && first.stats.running === 4,
    );
    before.close();

    const second = scripted(ok);
    const after = open({ journal: new Journal(journalFile), uploader: second.uploader });
    expect(
      after
        .items()
        .filter((item) => item.status === 'done')
        .map((item) => item.name),
    ).toEqual(['inbox/f0.txt', 'inbox/f2.txt']);
    after.start();
    await after.idle();
    expect(second.stats.calls).toBe(4);
    expect(statuses(after)).toEqual(Array(6).fill('done'));
  });

  it('backs off the whole queue on retryable failures, at least as long as Retry-After asks', async () => {
    const { folder, journalFile } = fixture(1);
    const times: number[] = [];
    const { uploader } = scripted(async (item, attempt) => {
      times.push(Date.now());
      if (attempt === 1) throw new UploadFailure('retry', 'rate_limited', 'Too many requests', 120);
      if (attempt === 2) throw new Error('socket hang up');
      return ok(item, attempt, new AbortController().signal);
    });
    const queue = open({
      journal: new Journal(journalFile),
      uploader,
      backoff: { baseMs: 40, maxMs: 1000 },
      random: () => 0.999,
    });
    queue.start();
    await queue.add([folder], 'files', 'inbox');
    await queue.idle();
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(115);
    // Second failure in a row: the jittered ceiling doubled to 80 ms (random ≈ 1 takes all of it).
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(75);
    expect(queue.items()[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('marks an item failed after its attempts, or at once on a refusal, and retries it on request', async () => {
    const { folder, journalFile } = fixture(2);
    let healthy = false;
    const { uploader } = scripted(async (item) => {
      if (healthy) return ok(item, 0, new AbortController().signal);
      if (item.name.endsWith('f0.txt')) throw new UploadFailure('fatal', 'name_taken', 'A file with this name already exists');
      throw new UploadFailure('retry', 'internal_error', 'Unexpected server error');
    });
    const queue = open({ journal: new Journal(journalFile), uploader, maxAttempts: 3, backoff: { baseMs: 1, maxMs: 2 } });
    queue.start();
    await queue.add([folder], 'files', 'inbox');
    await queue.idle();
    expect(queue.items().map((item) => [item.name, item.status, item.attempts, item.error?.code])).toEqual([
      ['inbox/f0.txt', 'failed', 1, 'name_taken'],
      ['inbox/sub/f1.txt', 'failed', 3, 'internal_error'],
    ]);
    healthy = true;
    queue.retryAll();
    await queue.idle();
    expect(statuses(queue)).toEqual(['done', 'done']);
  });

  it('stops on 401 and on an exceeded quota, keeping the rest queued until resumed', async () => {
    const { folder, journalFile } = fixture(4);
    let answer: 'sign_in' | 'quota' | 'ok' = 'sign_in';
    const { uploader, stats } = scripted(async (item) => {
      if (answer === 'ok') return ok(item, 0, new AbortController().signal);
      throw new UploadFailure(answer, answer === 'quota' ? 'quota_exceeded' : 'unauthorized', 'refused');
    });
    const queue = open({ journal: new Journal(journalFile), uploader, concurrency: 1 });
    const blocks: string[] = [];
    queue.on('blocked', (block) => blocks.push(block));
    queue.start();
    await queue.add([folder], 'files', 'inbox');
    await queue.idle();
    expect([blocks, stats.calls, statuses(queue)]).toEqual([['sign_in'], 1, Array(4).fill('queued')]);
    answer = 'quota';
    queue.resumeAll();
    await queue.idle();
    expect([blocks, queue.blocked(), statuses(queue)]).toEqual([['sign_in', 'quota_exceeded'], 'quota_exceeded', Array(4).fill('queued')]);
    answer = 'ok';
    queue.resumeAll();
    await queue.idle();
    expect(statuses(queue)).toEqual(Array(4).fill('done'));
  });

  it('pauses, resumes and cancels one item or all, aborting what runs', async () => {
    const { folder, journalFile } = fixture(3);
    let hold = true;
    const aborted: string[] = [];
    const { uploader, stats } = scripted(async (item, _attempt, signal) => {
      if (!hold) return ok(item, 0, signal);
      return new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => {
          aborted.push(item.name);
          reject(new Error('aborted'));
        }),
      );
    });
    const queue = open({ journal: new Journal(journalFile), uploader, concurrency: 3 });
    queue.start();
    await queue.add([folder], 'files', 'inbox');
    await eventually('the three files are being sent', () => stats.running === 3);
    const [first, second] = queue.items();
    queue.pause(first!.id);
    queue.cancel(second!.id);
    expect(aborted).toEqual(['inbox/f0.txt', 'inbox/f2.txt']);
    expect(queue.items().map((item) => [item.name, item.status])).toEqual([
      ['inbox/f0.txt', 'paused'],
      ['inbox/sub/f1.txt', 'running'],
    ]);
    queue.pauseAll();
    hold = false;
    queue.resumeAll();
    await queue.idle();
    expect(statuses(queue)).toEqual(['done', 'done']);
    queue.clearFinished();
    expect(open({ journal: new Journal(journalFile), uploader }).items()).toEqual([]);
  });

  it('announces a batch once its last open item is cancelled', async () => {
    const { folder, journalFile } = fixture(2);
    const { uploader } = scripted(async (item, _attempt, signal) =>
      item.name.endsWith('f0.txt')
        ? ok(item, 1, signal)
        : new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const queue = open({ journal: new Journal(journalFile), uploader });
    const ended: BatchSummary[] = [];
    queue.on('batch-finished', (summary) => ended.push(summary));
    queue.start();
    await queue.add([folder], 'files', 'inbox');
    await eventually('f0 is sent and f1 still running', () => statuses(queue).join() === 'done,running');
    expect(ended).toEqual([]);
    queue.cancel(queue.items().find((item) => item.status === 'running')!.id);
    expect(ended).toMatchObject([{ label: 'inbox', done: 1, failed: 0 }]);
  });
});
