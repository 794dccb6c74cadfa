import type { PinJob } from '@cairn/shared/api-types';
import { listenLive, useLiveStatus } from '../../store/live-events';

/** How far a status is along: news never takes a job back (a late `pinning` after `pinned`). */
const RANK: Record<PinJob['status'], number> = { queued: 0, pinning: 1, pinned: 2, failed: 2 };

/** Whether `next` is news about `job`: as far along or further. */
export const isNews = (job: PinJob, next: PinJob) => next.id === job.id && RANK[next.status] >= RANK[job.status];

/**
 * What the live stream says about pin jobs (`pin.*` events carry the job as GET /pins/{id} answers
 * it), heard from the moment this is made: a job's events that arrive before the request that
 * started it has answered are kept, not lost.
 */
export function followPinNews() {
  const heard = new Map<string, PinJob>();
  let missed = false;
  let wake: (() => void) | null = null;
  const stopListening = listenLive((signal) => {
    if (signal.kind === 'resync') missed = true;
    else if (signal.event.type.startsWith('pin.')) {
      const job = signal.event.data as PinJob | null;
      if (!job || typeof job.id !== 'string' || !(job.status in RANK)) return;
      const known = heard.get(job.id);
      if (!known || isNews(known, job)) heard.set(job.id, job);
    } else return;
    wake?.();
  });
  // The stream going down (or up) wakes a waiting screen too: it polls, or stops polling.
  const stopWatching = useLiveStatus.subscribe(() => wake?.());

  return {
    /** The newest state heard of job `id` since the last call, if any. */
    take(id: string): PinJob | undefined {
      const job = heard.get(id);
      heard.delete(id);
      return job;
    },
    /** True (once) when events may have been missed since the last call: ask the server. */
    takeMissed(): boolean {
      const was = missed;
      missed = false;
      return was;
    },
    /** Resolves at the next news, change of the stream, abort, or after `ms`. */
    wait(ms: number, signal: AbortSignal): Promise<void> {
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          wake = null;
          resolve();
        };
        const timer = setTimeout(done, ms);
        signal.addEventListener('abort', done, { once: true });
        wake = done;
      });
    },
    stop(): void {
      stopListening();
      stopWatching();
      wake = null;
    },
  };
}
