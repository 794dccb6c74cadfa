import type { IncomingMessage } from 'node:http';

/** Refused bodies up to this size are read to their end before the answer, so that a client still sending reads it. */
const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 10_000;

/** Reads a request body to its end and drops it; false if it does not end within the time allowed. */
function drained(req: IncomingMessage): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(false), DRAIN_MS);
    const done = (ended: boolean) => {
      clearTimeout(timer);
      req.off('end', onEnd);
      req.off('close', onClose);
      resolve(ended);
    };
    const onEnd = () => done(true);
    const onClose = () => done(req.complete);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.resume();
  });
}

/**
 * Before refusing a body not read yet: a small one is read and dropped, so that the client gets to
 * read the answer; a big one is cut off after the answer (true: close the connection) instead.
 */
export async function closeAfterRefusal(req: IncomingMessage, declared: number | null): Promise<boolean> {
  if (declared === null || declared > DRAIN_BYTES) return true;
  return !(await drained(req));
}
