import type { PinInput } from '@cairn/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PinJob } from '@cairn/shared/api-types';
import { contentApi } from '../../api/content';
import { ApiError } from '../../lib/api-client';

export type PinPhase =
  { status: 'idle' } | { status: 'working'; job: PinJob | null } | { status: 'pinned'; job: PinJob } | { status: 'error'; error: unknown };

/** How often a running job is asked for news. */
export const POLL_MS = 1000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/** A failed job's reason as an error the screen translates like any API error. */
const jobError = (job: PinJob) => new ApiError(422, job.errorCode ?? 'pin_failed', job.error ?? 'Pin failed');

/** Starts a pin job and follows it (GET /pins/{id}) while it is queued or pinning. */
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
    try {
      let job = await contentApi.pin(input);
      while (job.status === 'queued' || job.status === 'pinning') {
        if (signal.aborted) return;
        setPhase({ status: 'working', job });
        await sleep(POLL_MS, signal);
        if (signal.aborted) return;
        job = await contentApi.pinJob(job.id, signal);
      }
      if (signal.aborted) return;
      setPhase(job.status === 'pinned' ? { status: 'pinned', job } : { status: 'error', error: jobError(job) });
    } catch (error) {
      if (!signal.aborted) setPhase({ status: 'error', error });
    }
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    setPhase({ status: 'idle' });
  }, []);

  return { phase, pin, reset };
}
