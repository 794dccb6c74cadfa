import { describe, expect, it } from 'vitest';
import type { QueueItem } from '../upload-queue/queue-types';
import { actionInput, folderChangesInput, pathsInput } from './ipc-input';
import { SpeedMeter } from './speed-meter';
import { buildTransfersView, VIEW_LIMIT } from './transfers-view';

const item = (id: string, status: QueueItem['status'], size: number, sentBytes = 0, finishedAt?: number): QueueItem => ({
  id,
  batchId: 'b',
  kind: 'file',
  path: `/data/${id}`,
  name: id,
  size,
  status,
  attempts: 0,
  sentBytes,
  addedAt: 0,
  ...(finishedAt ? { finishedAt, cid: `cid-${id}` } : {}),
});

describe('buildTransfersView', () => {
  it('totals every item, measures speed over time and gives the time left', () => {
    const meter = new SpeedMeter(5000);
    const items = [item('a', 'done', 1000, 1000, 5), item('b', 'running', 4000, 1000), item('c', 'queued', 5000), item('d', 'failed', 10)];
    const first = buildTransfersView(items, null, meter, 0);
    expect(first).toMatchObject({
      totals: { items: 4, done: 1, failed: 1, bytes: 10_010, sentBytes: 2000 },
      bytesPerSecond: 0,
      etaSeconds: null,
    });
    items[1]!.sentBytes = 3000;
    const second = buildTransfersView(items, 'quota_exceeded', meter, 2000);
    // 2000 bytes in 2 s; 1000 + 5000 bytes left.
    expect(second).toMatchObject({ bytesPerSecond: 1000, etaSeconds: 6, blocked: 'quota_exceeded' });
    expect(second.items.map((row) => row.id)).toEqual(['b', 'd', 'c', 'a']);
  });

  it('sends at most VIEW_LIMIT rows, the most recent done last', () => {
    const items = Array.from({ length: VIEW_LIMIT + 50 }, (_, index) => item(`f${index}`, 'done', 1, 1, index + 1));
    const view = buildTransfersView(items, null, new SpeedMeter(), 0);
    expect(view.items).toHaveLength(VIEW_LIMIT);
    expect(view.items[0]!.id).toBe(`f${VIEW_LIMIT + 49}`);
    expect(view.totals.items).toBe(VIEW_LIMIT + 50);
  });
});

describe('IPC input', () => {
  it('accepts paths, actions and folder changes, and refuses anything else', () => {
    expect(pathsInput(['/home/a.txt'])).toEqual(['/home/a.txt']);
    expect(() => pathsInput([])).toThrow('Expected a list of paths');
    expect(() => pathsInput(['/a\0b'])).toThrow('Expected a list of paths');
    expect(actionInput('retryAll')).toBe('retryAll');
    expect(() => actionInput('rm -rf')).toThrow('Unknown transfer action');
    expect(folderChangesInput({ mode: 'dag', paused: true })).toEqual({ mode: 'dag', paused: true });
    expect(() => folderChangesInput({ removeDeleted: 'yes' })).toThrow('Expected removeDeleted to be true or false');
  });
});
