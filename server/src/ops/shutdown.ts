import type { ServerConfig } from '../config/config';
import type { Logger } from '../lib/logger';
import type { RunningServer } from '../server';

/** What closing takes beyond the grace of requests in flight: background work, engine, database. */
const CLOSE_MS = 4_000;

export type StopSignal = 'SIGTERM' | 'SIGINT';

/**
 * Stops the server on SIGTERM or SIGINT, once. SIGTERM (an orchestrator, a load balancer's
 * deployment) drains first: `/readyz` answers 503 for `drainMs` while every request is still
 * served, so that health checks take this instance out before a connection is refused. SIGINT (a
 * person's Ctrl-C) does not wait, and a second signal cuts a drain short. Then the listener
 * closes, requests in flight get `graceMs`, and whatever hangs, `exit` is called within
 * drain + grace + 4 s of the first signal.
 */
export function stopOnSignals(
  running: RunningServer,
  times: ServerConfig['shutdown'],
  logger: Logger,
  exit: (code: number) => void = (code) => process.exit(code),
): { stop(signal: StopSignal): Promise<void> } {
  let stopping: Promise<void> | undefined;
  let endDrain: (() => void) | undefined;

  async function stop(signal: StopSignal): Promise<void> {
    const drainMs = signal === 'SIGTERM' ? times.drainMs : 0;
    const deadline = setTimeout(
      () => {
        logger.error('shutdown took too long, exiting', { signal });
        exit(1);
      },
      drainMs + times.graceMs + CLOSE_MS,
    );
    deadline.unref();
    try {
      if (drainMs > 0) {
        running.drain();
        logger.info('draining', { signal, drainSeconds: drainMs / 1000 });
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, drainMs);
          endDrain = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        endDrain = undefined;
      }
      logger.info('closing', { signal, graceSeconds: times.graceMs / 1000 });
      await running.close(times.graceMs);
      logger.info('stopped', { signal });
      exit(0);
    } catch (error) {
      logger.error('shutdown failed', { error: String(error) });
      exit(1);
    } finally {
      clearTimeout(deadline);
    }
  }

  return {
    stop(signal) {
      if (stopping) {
        if (endDrain) logger.info('drain cut short', { signal });
        endDrain?.();
        return stopping;
      }
      stopping = stop(signal);
      return stopping;
    },
  };
}
