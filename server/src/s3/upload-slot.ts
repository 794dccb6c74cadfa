import { setTimeout as sleep } from 'node:timers/promises';
import { quotaReservation, type QuotaReservation } from '../commands/quota/lib/quota-reservation';
import { AppError } from '../lib/errors';
import type { S3Ctx } from './types';

/** How long an S3 upload waits for one of the account's upload slots before it is told to slow down. */
const WAIT_MS = 30_000;
const STEP_MS = 200;

/**
 * A streaming reservation for an S3 upload, waiting for a free slot when the account already
 * streams as many uploads as it may (`UPLOADS_PER_ACCOUNT`): S3 clients send several objects at once
 * (aws-cli ten), and are not made to retry what a short wait serves. After `WAIT_MS`, or when the
 * client goes or the server stops, the refusal stands (`SlowDown`).
 */
export async function uploadSlot(ctx: S3Ctx, signal: AbortSignal): Promise<QuotaReservation> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      return await quotaReservation(ctx.state.app, ctx.state.user);
    } catch (error) {
      const busy = error instanceof AppError && error.code === 'too_many_uploads';
      if (!busy || Date.now() >= deadline || signal.aborted) throw error;
    }
    // Jittered, so that waiting uploads do not all ask again at the same moment.
    await sleep(STEP_MS / 2 + Math.random() * STEP_MS, undefined, { signal }).catch(() => undefined);
  }
}
