import { describe, expect, it } from 'vitest';
import { UploadQueue, type UploadFn, type UploadJobState } from './upload-queue';

const job = (id: string) => ({ id, path: `/tmp/${id}`, size: 10 });

describe('UploadQueue', () => {
  it('never runs more uploads at once than its concurrency', async () => {
    let running = 0;
    let peak = 0;
    const upload: UploadFn = async (item) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return { cid: `cid-${item.id}` };
    };
    const queue = new UploadQueue({ upload, concurrency: 2 });
    for (const id of ['a', 'b', 'c', 'd', 'e']) queue.add(job(id));
    await queue.idle();
    expect(peak).toBe(2);
    expect(queue.state('e')).toEqual({ status: 'done', cid: 'cid-e' });
  });

  it('retries a failed upload, then reports the failure with its attempts', async () => {
    let calls = 0;
    const flaky: UploadFn = async () => {
      calls++;
      if (calls < 2) throw new Error('network');
      return { cid: 'ok' };
    };
    const queue = new UploadQueue({ upload: flaky, retries: 1 });
    queue.add(job('a'));
    await queue.idle();
    expect(queue.state('a')).toEqual({ status: 'done', cid: 'ok' });

    const broken = new UploadQueue({ upload: async () => Promise.reject(new Error('down')), retries: 2 });
    broken.add(job('b'));
    await broken.idle();
    expect(broken.state('b')).toEqual({ status: 'failed', error: 'down', attempts: 3 });
  });

  it('reports progress and cancels a running upload through its signal', async () => {
    const states: UploadJobState[] = [];
    const upload: UploadFn = (_item, onProgress, signal) =>
      new Promise((_resolve, reject) => {
        onProgress(4);
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    const queue = new UploadQueue({ upload, onChange: (_id, state) => states.push(state) });
    queue.add(job('a'));
    await new Promise((resolve) => setTimeout(resolve, 1));
    queue.cancel('a');
    await queue.idle();
    expect(states).toContainEqual({ status: 'uploading', sentBytes: 4 });
    expect(queue.state('a')).toEqual({ status: 'cancelled' });
  });

  it('ignores a job it already knows', async () => {
    let calls = 0;
    const queue = new UploadQueue({ upload: async () => ({ cid: String(++calls) }) });
    queue.add(job('a'));
    queue.add(job('a'));
    await queue.idle();
    expect(calls).toBe(1);
  });
});
