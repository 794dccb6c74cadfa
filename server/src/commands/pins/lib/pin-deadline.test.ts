import { describe, expect, it } from 'vitest';
import type { ContentStore, PinResult } from '../../../content/types';
import { pinWithDeadline } from './pin-deadline';

const CID = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';

/** An engine whose pin ignores its signal and settles only when the test says so. */
function stubbornEngine() {
  let finish: (result: PinResult) => void = () => undefined;
  const content = {
    pin: () => new Promise<PinResult>((resolve) => (finish = resolve)),
  } as unknown as ContentStore;
  return { content, finish: () => finish({ cid: CID, blocks: 1, bytesFetched: 1 } as PinResult) };
}

describe('pinWithDeadline', () => {
  it('gives up at once when the caller aborts, whatever the engine does, and hands a late pin to onLate', async () => {
    const engine = stubbornEngine();
    const caller = new AbortController();
    let late = 0;
    const pinning = pinWithDeadline(engine.content, CID, 60_000, { signal: caller.signal }, () => late++);
    const reason = new Error('withdrawn');
    const at = Date.now();
    caller.abort(reason);
    await expect(pinning).rejects.toBe(reason);
    expect(Date.now() - at).toBeLessThan(100);
    engine.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(late).toBe(1);
  });

  it('gives up at once on a signal aborted before it began (a job claimed as the server stops)', async () => {
    const engine = stubbornEngine();
    const reason = new Error('stopping');
    const at = Date.now();
    await expect(pinWithDeadline(engine.content, CID, 60_000, { signal: AbortSignal.abort(reason) }, () => undefined)).rejects.toBe(reason);
    expect(Date.now() - at).toBeLessThan(100);
  });
});
