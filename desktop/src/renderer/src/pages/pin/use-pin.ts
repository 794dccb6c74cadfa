import type { PinInput } from '@cairn/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PinJob } from '@cairn/shared/api-types';
import { contentApi } from '../../api/content';
import { ApiError } from '../../lib/api-client';
import { liveIsOpen } from '../../store/live-events';
import { followPinNews, isNews } from './pin-news';

export type PinPhase =
  { status: 'idle' } | { status: 'working'; job: PinJob | null } | { status: 'pinned'; job: PinJob } | { status: 'error'; error: unknown };

/** How often a running job is asked for news while the live stream is down. */
export const POLL_MS = 1000;
/** While the stream is up, a job not heard of for this long is asked for once (an event lost on the way). */
export const QUIET_MS = 30_000;

/** A failed job's reason as an error the screen translates like any API error. */
const jobError = (job: PinJob) => new ApiError(422, job.errorCode ?? 'pin_failed', job.error ?? 'Pin failed');

/**
 * Starts a pin job and follows it while it is queued or pinning: from the live stream's `pin.*`
 * events while the stream is up, by asking GET /pins/{id} every second while it is down.
 */
export function usePin() {
  const [phase, setPhase] = useState<PinPhase>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const pin = useCallback(async (input: PinInput) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const { signal } = current;
    setPhase({ status: 'working', job: null });
    // Listening before the request: the job's first events may come before its answer.
    const news = followPinNews();
    try {
      let job = await contentApi.pin(input);
      let lastNews = Date.now();
      while (job.status === 'queued' || job.status === 'pinning') {
        if (signal.aborted) return;
        setPhase({ status: 'working', job });
        const heard = news.take(job.id);
        if (heard) {
          if (isNews(job, heard)) job = heard;
          lastNews = Date.now();
          continue;
        }
        const quiet = Date.now() - lastNews;
        if (liveIsOpen() && !news.takeMissed() && quiet < QUIET_MS) {
          await news.wait(QUIET_MS - quiet, signal);
          continue;
        }
        if (liveIsOpen()) {
          // Events may have been missed (a reconnection) or the job went quiet: ask once, then listen again.
          lastNews = Date.now();
        } else {
          await news.wait(POLL_MS, signal);
          if (signal.aborted) return;
          if (liveIsOpen()) continue;
        }
        const asked = await contentApi.pinJob(job.id, signal);
        if (isNews(job, asked)) job = asked;
      }
      if (signal.aborted) return;
      setPhase(job.status === 'pinned' ? { status: 'pinned', job } : { status: 'error', error: jobError(job) });
    } catch (error) {
      if (!signal.aborted) setPhase({ status: 'error', error });
    } finally {
      news.stop();
    }
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    setPhase({ status: 'idle' });
  }, []);

  return { phase, pin, reset };
}
