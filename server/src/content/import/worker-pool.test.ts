import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { WorkerPool } from './worker-pool';

describe('WorkerPool', () => {
  let pool: WorkerPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('starts no thread for load it has already grown for', async () => {
    pool = new WorkerPool(4, 1, 60_000);
    for (let round = 0; round < 5; round++) {
      const workers = await Promise.all([pool.acquire(), pool.acquire(), pool.acquire(), pool.acquire()]);
      for (const worker of workers) pool.release(worker);
    }
    expect(pool.started).toBe(4);
    expect(pool.size).toBe(4);
  }, 30_000);

  it('retires workers idle too long, down to its floor', async () => {
    pool = new WorkerPool(3, 1, 50);
    const workers = await Promise.all([pool.acquire(), pool.acquire(), pool.acquire()]);
    for (const worker of workers) pool.release(worker);
    await eventually('idle workers are retired', () => pool!.size <= 1, { withinMs: 5_000, everyMs: 20 });
    expect(pool.size).toBe(1);
  }, 30_000);
});
