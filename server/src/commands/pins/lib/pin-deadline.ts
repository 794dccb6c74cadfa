import { ContentNotFoundError } from '../../../content/errors';
import type { ContentStore, PinOptions, PinResult } from '../../../content/types';

/** Time an engine gets, after its own timeout, to give up by itself before the job is ended for it. */
const PIN_GRACE_MS = 1_000;

/**
 * Pins through any engine with a deadline the runner enforces itself: the engine's signal is
 * aborted at `timeoutMs`, and the job fails `PIN_GRACE_MS` later whether or not the engine
 * settled. When the caller aborts (the pin was cancelled, or the server stops), this rejects at
 * once with the caller's reason, so the worker is free whatever the engine does. A pin that
 * completes after its job ended is handed to `onLate` so it can be released.
 */
export async function pinWithDeadline(
  content: ContentStore,
  cid: string,
  timeoutMs: number,
  options: Omit<PinOptions, 'timeoutMs'> & { signal: AbortSignal },
  onLate: () => void,
): Promise<PinResult> {
  const controller = new AbortController();
  const stopOnParent = () => controller.abort(options.signal.reason);
  // A signal aborted already (the job withdrawn, or the server stopping, before the pin began) fires no event.
  if (options.signal.aborted) controller.abort(options.signal.reason);
  else options.signal.addEventListener('abort', stopOnParent, { once: true });
  const abortTimer = setTimeout(() => controller.abort(new ContentNotFoundError(cid)), timeoutMs);
  let giveUp: NodeJS.Timeout | undefined;
  let delivered = false;
  const pinning = content.pin(cid, { ...options, timeoutMs, signal: controller.signal }).catch((error: unknown) => {
    // Our own timeout aborted the engine: report what the engine's timeout would have.
    if (controller.signal.aborted && !options.signal.aborted) throw new ContentNotFoundError(cid);
    throw error;
  });
  const deadline = new Promise<never>((_, reject) => {
    const fail = () => {
      if (options.signal.aborted) reject(options.signal.reason);
      else giveUp = setTimeout(() => reject(options.signal.aborted ? options.signal.reason : new ContentNotFoundError(cid)), PIN_GRACE_MS);
    };
    if (controller.signal.aborted) fail();
    else controller.signal.addEventListener('abort', fail, { once: true });
  });
  try {
    const result = await Promise.race([pinning, deadline]);
    delivered = true;
    return result;
  } finally {
    clearTimeout(abortTimer);
    clearTimeout(giveUp);
    options.signal.removeEventListener('abort', stopOnParent);
    // The engine may still finish after the job was ended; what it pinned then is nobody's.
    pinning.then(
      () => {
        if (!delivered) onLate();
      },
      () => undefined,
    );
  }
}
