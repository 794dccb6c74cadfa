import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../lib/logger';
import type { RunningServer } from '../server';
import { stopOnSignals } from './shutdown';

/** A server whose close resolves when the test says so, recording what happened when. */
function fakeServer() {
  const events: string[] = [];
  let finishClose: () => void = () => undefined;
  const running = {
    drain: () => events.push(`drain@${Date.now()}`),
    close: (graceMs: number) => {
      events.push(`close(${graceMs})@${Date.now()}`);
      return new Promise<void>((resolve) => (finishClose = resolve));
    },
  } as unknown as RunningServer;
  return { running, events, finishClose: () => finishClose() };
}

const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

describe('stopOnSignals', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => vi.useRealTimers());

  it('drains for the drain time on SIGTERM before it closes with the grace', async () => {
    const { running, events, finishClose } = fakeServer();
    const exit = vi.fn();
    void stopOnSignals(running, { drainMs: 3_000, graceMs: 2_000 }, quiet, exit).stop('SIGTERM');
    expect(events).toEqual(['drain@0']);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(events).toEqual(['drain@0']);
    await vi.advanceTimersByTimeAsync(1);
    expect(events).toEqual(['drain@0', 'close(2000)@3000']);
    finishClose();
    await vi.advanceTimersByTimeAsync(0);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('closes at once on SIGINT, and a second signal cuts a drain short', async () => {
    const first = fakeServer();
    void stopOnSignals(first.running, { drainMs: 3_000, graceMs: 2_000 }, quiet, vi.fn()).stop('SIGINT');
    expect(first.events).toEqual(['close(2000)@0']);

    const second = fakeServer();
    const stopper = stopOnSignals(second.running, { drainMs: 60_000, graceMs: 2_000 }, quiet, vi.fn());
    void stopper.stop('SIGTERM');
    await vi.advanceTimersByTimeAsync(1_000);
    void stopper.stop('SIGTERM');
    await vi.advanceTimersByTimeAsync(0);
    expect(second.events).toEqual(['drain@0', 'close(2000)@1000']);
  });

  it('exits with 1 when closing hangs past drain + grace + 4 s', async () => {
    const { running } = fakeServer();
    const exit = vi.fn();
    void stopOnSignals(running, { drainMs: 3_000, graceMs: 2_000 }, quiet, exit).stop('SIGTERM');
    await vi.advanceTimersByTimeAsync(8_999);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
  });
});
